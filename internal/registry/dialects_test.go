package registry

// The agents' dialects, as the tests name them.
const (
	Claude Dialect = "claude"
	Gemini Dialect = "gemini"
	LLxprt Dialect = "llxprt"
)
