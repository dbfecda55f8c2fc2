// Package agents is the table of the coding agents hookexec works with:
// one folder per agent (claude, gemini, llxprt, factory, ...) holds everything hookexec
// knows of it as an agent.Agent, and this package lists them (All) and
// finds one by name, dialect, format or settings directory (ByName,
// ByDialect, ByFormat, ForSettingsDir, Parse), parses and renders the
// agent formats (ParseFormat, Render, AnswerOf), and gathers what every
// hook gets from all of them (Env, CwdEnv, ProjectDirVars, Markers,
// ShellTools, FileTools). It also holds what makes one policy serve
// every agent (SPEC §9): every agent's event names as aliases of the
// catalogue's (EventNames, LookupEvent, ResolveEvent), a tool's family
// (Classify), the agent that sent an event (DetectAgent) and the
// normalized view of the event (Call). Registry, planner, engine,
// aggregator, setup, permrule, trust, dirs, server and the command line
// ask the table; nothing else switches on agent names. hookexec's own
// dialect (native) and its result format are no agent's.
//
// The list is a plain function, not a registration. Adding an agent is:
//
//  1. a folder internal/agents/NAME with doc.go and NAME.go: a Name
//     constant and Agent() returning the agent.Agent with every field
//     set, or deliberately set to its empty value (write it out, so a
//     reader sees it was decided): settings directory and file (and the
//     files install writes per scope, further config directories, the
//     settings' layout and a flat entry's keys), comments in it,
//     plugins, event names (Events, DefaultEvents, Aliases), tool names
//     by family (Tools, MCPPrefix), how its payload reads as the
//     normalized view (Payload), timeout unit and default, shells and
//     "shell" values, matcher rules, "if", fail policy, working
//     directory, the variables it sets (project directory, markers,
//     session, cwd, pasted ones), how it reads a hook's status and
//     output (Reading), its format (Format, and Answer when the format
//     is its own: the renderer over verdict types, the exit-status
//     rules, and Blocks where its answer blocks by fields ReadsAsBlock
//     does not read), install's entry name and enable switch, and the
//     agents whose hooks it also runs (AlsoRuns);
//  2. its own tests there for what it computes (a renderer, a quoting
//     rule, an event map), and testdata/shell.json: its event name for
//     before-a-tool and its shell tool's payload with the command
//     "__COMMAND__" (and a "source": an e2e capture or its
//     documentation), which the starter-policy test fires in its format;
//  3. a line in table (agents.go), in the README's order;
//  4. a row in TestTable (agents_test.go), which checks that every field
//     is set or listed as deliberately empty, so an agent cannot be
//     half-added;
//  5. only where the agent reads hooks in a way no agent did before: its
//     own agent.Reader (how a hook's exit and answer read) or
//     agent.MatcherRules (how a matcher reads) in its folder, with tests;
//     otherwise it picks the shared ones (internal/reading,
//     internal/matcher);
//  6. the README's table of agents and SPEC's dialect list.
//
// Everything else (--dialect and --format values, install's, uninstall's
// and doctor's arguments, completion, detection by settings directory and
// plugin manifest, the variables every hook gets, the tools an "if" rule
// reads) follows from the table.
package agents
