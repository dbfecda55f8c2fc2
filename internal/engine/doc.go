// Package engine is the one load-and-fire path. A Request says where an
// event's input and configs come from and how its hooks run; Engine.Do
// checks the nesting depth, reads the input, resolves the project
// directory, loads the configs (through a Cache when serve keeps them),
// then wires plan -> run -> aggregate, and answers a config or input error
// (the agent's JSON, the deny of --fail-closed). fire, each test case and
// each serve request come through Do.
//
// Running turns plan steps into process specs (environment, working
// directory, argv, stdin per event key; a native hook's stdin carries the
// normalized view at "hookexec", an agent-dialect hook's is the agent's
// payload as it was), runs them in parallel or
// sequentially with input chaining and short-circuit (SPEC §4.7),
// interprets and merges the results. Steps of async hooks are handed to a
// Background before the others run and take no part in the verdict
// (async.go). NewTrace lays a fire's timeline out as the Chrome trace-event
// document `fire --trace` writes (trace.go, WriteTraceFile).
//
// The steps the commands share around Do are here too: Plan is `hookexec
// plan` (load as fire loads, explain the plan, run nothing), InputFrom the
// input of fire and plan (--input FILE or stdin), KillGrace the kill grace
// of a run by answer format, NoticeLog the session memory of the notices an
// agent's user is given.
package engine
