// Package engine wires plan -> run -> aggregate. It turns plan steps into
// process specs (environment, working directory, argv, stdin per event key),
// runs them in parallel or sequentially with input chaining and
// short-circuit (SPEC §4.7), interprets and merges the results. fire and
// test share this one code path. Steps of async hooks are handed to a
// Background before the others run and take no part in the verdict
// (async.go). NewTrace lays a fire's timeline out as the Chrome trace-event
// document `fire --trace` writes (trace.go).
package engine
