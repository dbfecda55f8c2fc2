package agents

import (
	"sync"
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Call is one fired event as the normalized view reads it (SPEC §9): the
// agent that sent it, the name it was fired under and its input. The view
// is built on first use only, so that an event no native hook or family
// matcher looks at costs nothing. A Call may be used by several goroutines.
type Call struct {
	agent string
	// desc describes the agent when NewCallFor gave it; nil: the table's.
	desc *agent.Agent
	// detect names the agent on first use (NewDetectedCall); nil: agent.
	detect func() string
	name   EventName
	in     *event.Input

	once  sync.Once
	view  agent.View
	class Classification
}

// NewCall is the event n fired by agentName ("" when unknown) with input
// in (nil: {}).
func NewCall(agentName string, n EventName, in *event.Input) *Call {
	return &Call{agent: agentName, name: n, in: in}
}

// NewDetectedCall is NewCall for the agent DetectAgent finds from the
// format f, the input and getenv, looked for on first use only.
func NewDetectedCall(f verdict.Format, getenv func(string) string, n EventName, in *event.Input) *Call {
	return &Call{name: n, in: in, detect: func() string { return DetectAgent(f, in, getenv) }}
}

// NewCallFor is NewCall for an agent described by a (one of the table's,
// or a test's own).
func NewCallFor(a agent.Agent, n EventName, in *event.Input) *Call {
	return &Call{agent: a.Name, desc: &a, name: n, in: in}
}

// Agent is the name of the agent that sent the event ("" when unknown).
func (c *Call) Agent() string {
	c.build()
	return c.agent
}

// View is the normalized view of the event: read by the agent's Payload,
// else as Claude Code's payload (agent.ClaudePayload), with the canonical
// event, the agent and the tool's family filled in.
func (c *Call) View() agent.View {
	c.build()
	return c.view
}

// Classification is how the view's tool was read into a family.
func (c *Call) Classification() Classification {
	c.build()
	return c.class
}

// WithInput is the same event with another input (a sequential run's
// chained input).
func (c *Call) WithInput(in *event.Input) *Call {
	return &Call{agent: c.Agent(), desc: c.desc, name: c.name, in: in}
}

func (c *Call) build() {
	c.once.Do(func() {
		if c.detect != nil {
			c.agent = c.detect()
		}
		read := agent.ClaudePayload
		a, known := ByName(c.agent)
		if c.desc != nil {
			a, known = *c.desc, true
		}
		if known && a.Payload != nil {
			read = a.Payload
		}
		in := c.in
		if in == nil {
			in, _ = event.ParseInput(nil, time.Time{}, "")
		}
		v := readView(read, c.name.Key, in)
		v.Event, v.Agent = c.name.Event.Name, c.agent
		switch {
		case v.Family != "":
			c.class = Classification{Agent: c.agent, Tool: v.Tool, Family: v.Family, Rule: RulePayload, By: c.agent}
		case c.name.Family != "":
			c.class = Classification{Agent: c.agent, Tool: v.Tool, Family: c.name.Family, Rule: RuleEventAlias, By: c.name.Key}
		case c.desc != nil:
			c.class = classifyFor(*c.desc, v.Tool)
		default:
			c.class = Classify(c.agent, v.Tool)
		}
		v.Family = c.class.Family
		c.view = v
	})
}

// readView reads the view with read; a reader that fails on a hostile
// payload (a panic) gives way to Claude Code's, so that a native guard
// still runs and still gets a view.
func readView(read agent.Payload, key string, in *event.Input) (v agent.View) {
	defer func() {
		if recover() != nil {
			v = agent.ClaudePayload(key, in)
		}
	}()
	return read(key, in)
}
