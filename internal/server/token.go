package server

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/safefile"
)

// TokenFile is the name of the token's file in the user's config
// directory.
const TokenFile = "serve-token"

// AdminTokenFile is the name of the admin token's file in the user's
// state directory: the secret that stops the server (POST /v1/shutdown),
// which install never writes into an agent's settings.
const AdminTokenFile = "serve-admin-token"

// AdminTokenPath is where the admin token is (StateFile: the user's state
// directory, made when missing).
func AdminTokenPath(getenv func(string) string) (string, error) {
	return StateFile(getenv, AdminTokenFile)
}

// tokenLen is the length of a token: 32 random bytes, hex.
const tokenLen = 64

// TokenPath is where the token of `serve --http` is: serve-token in the
// user's config directory (dirs.UserConfig: ~/.config/hookexec on Unix,
// %APPDATA%\hookexec on Windows); "" when that directory is unknown.
func TokenPath(getenv func(string) string) string {
	dir := dirs.UserConfig(getenv)
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, TokenFile)
}

// EnsureToken reads the token at path (ReadToken) and, when the file does
// not exist, creates it with a new random token: mode 0600, its directory
// 0700 when it has to be made.
func EnsureToken(path string) (string, error) {
	tok, err := ReadToken(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return tok, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", fmt.Errorf("serve token: %w", err)
	}
	var raw [tokenLen / 2]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", fmt.Errorf("serve token: %w", err)
	}
	tok = hex.EncodeToString(raw[:])
	f, err := safefile.OpenNoFollow(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) { // made by another process meanwhile
		return ReadToken(path)
	}
	if err != nil {
		return "", fmt.Errorf("serve token: %w", err)
	}
	_, werr := f.WriteString(tok + "\n")
	if err := errors.Join(werr, f.Close()); err != nil {
		return "", fmt.Errorf("serve token: writing %s: %w", path, err)
	}
	return tok, nil
}

// ReadToken reads the token at path. It refuses a file that is not a
// regular file (a symbolic link included: nothing can point it elsewhere),
// and on Unix one that someone else owns or that group or others can
// access at all. Windows has no mode bits to check: the file is in the
// user's own %APPDATA%, whose ACL keeps other users out.
func ReadToken(path string) (string, error) { return readToken(path, os.Geteuid()) }

// readToken is ReadToken for the user uid (tests give another one).
func readToken(path string, uid int) (string, error) {
	if path == "" {
		return "", errors.New("serve token: no user config directory (set HOME or XDG_CONFIG_HOME)")
	}
	f, err := safefile.OpenNoFollow(path, os.O_RDONLY|openNonBlock, 0) // a FIFO does not hang it
	if err != nil {
		if errors.Is(err, safefile.ErrSymlink) {
			return "", fmt.Errorf("serve token: %s is a symbolic link; it must be a regular file (remove it and hookexec makes a new one)", path)
		}
		return "", fmt.Errorf("serve token: %w", err)
	}
	defer func() { _ = f.Close() }()
	fi, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("serve token: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("serve token: %s is not a regular file (remove it and hookexec makes a new one)", path)
	}
	if err := checkTokenFile(path, fi, uid); err != nil {
		return "", err
	}
	b, err := io.ReadAll(io.LimitReader(f, 4096))
	if err != nil {
		return "", fmt.Errorf("serve token: %w", err)
	}
	tok := strings.TrimSpace(string(b))
	if _, herr := hex.DecodeString(tok); len(tok) != tokenLen || herr != nil {
		return "", fmt.Errorf("serve token: %s does not hold %d hexadecimal characters (remove it and hookexec makes a new one)", path, tokenLen)
	}
	return tok, nil
}

// checkTokenFile refuses, where files have Unix owners and modes, a token
// file that uid does not own or that group or others can access.
func checkTokenFile(path string, fi fs.FileInfo, uid int) error {
	owner, ok := fileUID(fi)
	if !ok {
		return nil
	}
	if owner != uid {
		return fmt.Errorf("serve token: %s is owned by uid %d, not by you (uid %d); remove it and hookexec makes a new one", path, owner, uid)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Errorf("serve token: %s has mode %04o: group or others can read it; run: chmod 600 %s", path, perm, path)
	}
	return nil
}

// Proof is what the health route answers for nonce: the hex HMAC-SHA256
// of nonce keyed with the token, which only a holder of the token can
// compute and which does not reveal it.
func Proof(token, nonce string) string {
	m := hmac.New(sha256.New, []byte(token))
	m.Write([]byte(nonce))
	return hex.EncodeToString(m.Sum(nil))
}
