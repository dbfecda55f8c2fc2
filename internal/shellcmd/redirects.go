package shellcmd

import "mvdan.cc/sh/v3/syntax"

// redirects records the files a statement's output redirections write
// (>, >>, >|, &>, &>>, <>), each word expanded as a command's words are.
func (a *analyzer) redirects(s *syntax.Stmt, src string) {
	for _, r := range s.Redirs {
		if r.Word == nil {
			continue
		}
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll, syntax.RdrInOut:
			a.out.Writes = append(a.out.Writes, a.word(r.Word, sourceText(r.Word, src)))
		}
	}
}
