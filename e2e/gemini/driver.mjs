// driver.mjs: fire one hook event through the real Gemini CLI hook engine
// (@google/gemini-cli-core: HookSystem = HookRegistry + HookPlanner +
// HookRunner + HookAggregator + HookEventHandler) and print, as one JSON
// document on stdout, what Gemini CLI does with the result.
//
// Jobs come on stdin, one JSON object a line, and each gets its answer on
// stdout, one JSON object a line, in order (loading the engine takes seconds,
// so one driver serves many jobs; each job gets a new HookSystem). A job:
//   {
//     "projectDir": "...",        // the agent's working dir (input.cwd, $GEMINI_PROJECT_DIR)
//     "sessionId": "...",
//     "hooks": { ... },           // the settings.json "hooks" object
//     "event": "BeforeTool",
//     "args": { ... }             // the event's arguments, see fire() below
//   }
// The engine is imported from $HOOKEXEC_E2E_NODE_MODULES. HOME should be a
// scratch directory: the engine's Storage keeps its project registry there,
// and $GEMINI_PLANS_DIR is under it.
//
// Everything below the hook engine (the decision of what to do with the
// aggregated output) is the CLI's own code where core exports it
// (evaluateBeforeToolHook, executeToolWithHooks, HookSystem.fire*), and the
// engine's getters elsewhere (GeminiClient's BeforeAgent/AfterAgent handling
// is a few lines of getter calls, repeated here as they are in client.js).

import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

// The engine logs through console (debugLogger); keep stdout for the answers.
let consoleLines = [];
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  console[level] = (...args) => {
    consoleLines.push({
      level,
      text: args
        .map((a) => (typeof a === 'string' ? a : safeJSON(a)))
        .join(' ')
        .slice(0, 4000),
    });
  };
}

function safeJSON(v) {
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

const nodeModules = process.env.HOOKEXEC_E2E_NODE_MODULES;
if (!nodeModules) {
  throw new Error('HOOKEXEC_E2E_NODE_MODULES is not set');
}
const core = path.join(nodeModules, '@google', 'gemini-cli-core', 'dist', 'src');
const load = (rel) => import(pathToFileURL(path.join(core, rel)).href);

const { HookSystem } = await load('hooks/hookSystem.js');
const { evaluateBeforeToolHook } = await load('scheduler/hook-utils.js');
const { executeToolWithHooks } = await load('core/coreToolHookTriggers.js');
const { coreEvents, CoreEvent } = await load('utils/events.js');
const { Storage } = await load('config/storage.js');

let feedback = [];
let systemMessages = [];
coreEvents.on(CoreEvent.UserFeedback, (p) =>
  feedback.push({ severity: p.severity, message: p.message }),
);
coreEvents.on(CoreEvent.HookSystemMessage, (p) =>
  systemMessages.push({ hookName: p.hookName, eventName: p.eventName, message: p.message }),
);

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  let answer;
  try {
    answer = await runJob(JSON.parse(line));
  } catch (err) {
    answer = { driverError: String(err?.stack ?? err) };
  }
  await new Promise((resolve) => process.stdout.write(JSON.stringify(answer) + '\n', resolve));
}
// Gemini does not wait for hooks it gave up on; neither does the driver.
process.exit(0);

async function runJob(job) {
  consoleLines = [];
  feedback = [];
  systemMessages = [];

  // The real Storage, so $GEMINI_PLANS_DIR is what the CLI gives:
  // ~/.gemini/tmp/<project id>/<session>/plans.
  const storage = new Storage(job.projectDir, job.sessionId);
  await storage.initialize();

  // The smallest Config the hook engine calls (hookRegistry.js, hookRunner.js,
  // hookEventHandler.js, telemetry/loggers.js, coreToolHookTriggers.js).
  // getProjectHooks() returns nothing, so the one-time "project-level hooks
  // have been detected" warning (TrustedHooksManager, which writes to
  // ~/.gemini) is not part of the comparison.
  let hookSystem;
  const config = {
    getSessionId: () => job.sessionId,
    getWorkingDir: () => job.projectDir,
    getProjectRoot: () => job.projectDir,
    getTargetDir: () => job.projectDir,
    isTrustedFolder: () => true,
    getHooks: () => job.hooks,
    getProjectHooks: () => undefined,
    getExtensions: () => [],
    getDisabledHooks: () => [],
    sanitizationConfig: {
      enableEnvironmentVariableRedaction: false,
      allowedEnvironmentVariables: [],
      blockedEnvironmentVariables: [],
    },
    storage,
    getUsageStatisticsEnabled: () => false,
    getTelemetryLogPromptsEnabled: () => false,
    getHookSystem: () => hookSystem,
    getMcpClientManager: () => undefined,
    getMcpServers: () => ({}),
  };
  // HookEventHandler takes an agent context and reads context.config.
  config.config = config;

  hookSystem = new HookSystem(config);
  await hookSystem.initialize();

  // Record, without changing anything, each hook's result and the aggregate.
  const hookResults = [];
  const runner = hookSystem.hookRunner;
  const origExecuteHook = runner.executeHook.bind(runner);
  runner.executeHook = async (hookConfig, eventName, input) => {
    const r = await origExecuteHook(hookConfig, eventName, input);
    hookResults.push({
      name: hookConfig.name || hookConfig.command,
      success: r.success,
      exitCode: r.exitCode,
      error: r.error ? String(r.error.message ?? r.error) : undefined,
      outputFormat: r.outputFormat,
      output: r.output,
      stdoutBytes: r.stdout?.length ?? 0,
      stderrBytes: r.stderr?.length ?? 0,
      stdout: clip(r.stdout),
      stderr: clip(r.stderr),
      durationMs: r.duration,
      input,
    });
    return r;
  };
  let aggregated;
  const handler = hookSystem.getEventHandler();
  const origExecuteHooks = handler.executeHooks.bind(handler);
  handler.executeHooks = async (...a) => {
    aggregated = await origExecuteHooks(...a);
    return aggregated;
  };

  function clip(s) {
    if (typeof s !== 'string') return s;
    return s.length > 2000 ? s.slice(0, 2000) + `… [${s.length} chars]` : s;
  }

  // The parts of a hook output class the CLI reads, through its own getters.
  function describeOutput(o) {
    if (!o) return undefined;
    return {
      class: o.constructor?.name,
      decision: o.decision,
      isBlockingDecision: o.isBlockingDecision(),
      isAskDecision: o.isAskDecision(),
      shouldStopExecution: o.shouldStopExecution(),
      effectiveReason: o.getEffectiveReason(),
      blockingError: o.getBlockingError(),
      reason: o.reason,
      stopReason: o.stopReason,
      systemMessage: o.systemMessage,
      suppressOutput: o.suppressOutput,
      additionalContext: o.getAdditionalContext(),
      shouldClearContext: o.shouldClearContext(),
      modifiedToolInput: o.getModifiedToolInput?.(),
      hookSpecificOutput: o.hookSpecificOutput,
    };
  }

  const a = job.args || {};
  const started = Date.now();
  const cli = await fire(job.event);
  const elapsedMs = Date.now() - started;

  async function fire(event) {
    switch (event) {
      case 'BeforeTool': {
        // scheduler.js _processToolCall -> hook-utils.js evaluateBeforeToolHook:
        // the path the CLI's scheduler takes for every tool call.
        const tool = { build: (params) => ({ params }) };
        const invocation = { params: structuredClone(a.tool_input ?? {}) };
        const r = await evaluateBeforeToolHook(config, tool, { name: a.tool_name, originalRequestName: undefined }, invocation);
        let outcome = 'tool runs';
        if (r.status === 'error') {
          outcome = r.errorType === 'stop_execution' ? 'agent stops' : 'tool blocked';
        } else if (r.hookDecision === 'ask') {
          outcome = 'asks the user';
        }
        return {
          outcome,
          status: r.status,
          errorType: r.errorType,
          error: r.error?.message,
          hookDecision: r.hookDecision,
          hookSystemMessage: r.hookSystemMessage,
          // scheduler.js: toolCall.request.args = modifiedArgs (a replacement).
          toolInput: r.modifiedArgs ?? invocation.params,
          inputModifiedByHook: !!r.modifiedArgs,
        };
      }
      case 'AfterTool': {
        // tool-executor.js -> executeToolWithHooks(..., skipBeforeHook=true).
        const toolResult = a.tool_response ?? { llmContent: 'TOOL OUTPUT', returnDisplay: 'TOOL OUTPUT' };
        const invocation = {
          params: structuredClone(a.tool_input ?? {}),
          execute: async () => structuredClone(toolResult),
        };
        const tool = { build: (params) => ({ ...invocation, params }) };
        const r = await executeToolWithHooks(invocation, a.tool_name, new AbortController().signal, tool, undefined, {}, config, undefined, true);
        let outcome = 'result passed on';
        if (r.error?.type === 'stop_execution') outcome = 'agent stops';
        else if (r.error) outcome = 'result blocked';
        return { outcome, llmContent: r.llmContent, errorType: r.error?.type, error: r.error?.message };
      }
      case 'BeforeAgent': {
        // client.js fireBeforeAgentHookSafe.
        const o = await hookSystem.fireBeforeAgentEvent(a.prompt);
        if (o?.shouldStopExecution()) {
          return { outcome: 'agent stops', reason: o.getEffectiveReason(), systemMessage: o.systemMessage };
        }
        if (o?.isBlockingDecision()) {
          return { outcome: 'prompt blocked', reason: o.getEffectiveReason(), systemMessage: o.systemMessage };
        }
        const additionalContext = o?.getAdditionalContext();
        return {
          outcome: 'prompt sent',
          additionalContext,
          // client.js sendMessageStream: the request gets one more part.
          modelSees: additionalContext ? [a.prompt, `<hook_context>${additionalContext}</hook_context>`] : [a.prompt],
        };
      }
      case 'AfterAgent': {
        // client.js sendMessageStream, after processTurn.
        const o = await hookSystem.fireAfterAgentEvent(a.prompt, a.prompt_response, a.stop_hook_active ?? false);
        if (o?.shouldStopExecution()) {
          return {
            outcome: 'agent stops',
            reason: o.getEffectiveReason(),
            systemMessage: o.systemMessage,
            contextCleared: o.shouldClearContext(),
          };
        }
        if (o?.isBlockingDecision()) {
          return {
            outcome: 'agent continues',
            reason: o.getEffectiveReason(),
            systemMessage: o.systemMessage,
            contextCleared: o.shouldClearContext(),
            // continueRequest = [{ text: continueReason }]
            nextPrompt: o.getEffectiveReason(),
          };
        }
        return { outcome: 'turn ends' };
      }
      case 'SessionStart': {
        // The CLI (packages/cli) shows systemMessage and adds
        // getAdditionalContext() to the history.
        const o = await hookSystem.fireSessionStartEvent(a.source ?? 'startup');
        return {
          outcome: o?.shouldStopExecution() ? 'stop requested' : 'session starts',
          reason: o?.shouldStopExecution() ? o.getEffectiveReason() : undefined,
          systemMessage: o?.systemMessage,
          additionalContext: o?.getAdditionalContext(),
        };
      }
      case 'BeforeModel': {
        // geminiChat.js makeApiCallAndProcessStream -> HookSystem.fireBeforeModelEvent.
        const req = structuredClone(a.llm_request);
        const r = await hookSystem.fireBeforeModelEvent(req);
        let outcome = 'model called';
        if (r.stopped) outcome = 'agent stops';
        else if (r.blocked) outcome = 'model call blocked';
        return {
          outcome,
          reason: r.reason,
          syntheticResponse: r.syntheticResponse,
          model: r.modifiedModel ?? req.model,
          config: r.modifiedConfig ? { ...req.config, ...r.modifiedConfig } : req.config,
          contents: r.modifiedContents ?? req.contents,
        };
      }
      case 'BeforeToolSelection': {
        // geminiChat.js -> HookSystem.fireBeforeToolSelectionEvent; the CLI then
        // sets config.toolConfig / config.tools when they are returned.
        const req = structuredClone(a.llm_request);
        const r = await hookSystem.fireBeforeToolSelectionEvent(req);
        return {
          outcome: r.toolConfig ? 'tool config replaced' : 'tool config kept',
          toolConfig: r.toolConfig ?? req.config?.toolConfig ?? null,
          tools: r.tools ?? req.config?.tools ?? null,
        };
      }
      case 'Notification': {
        // The scheduler's confirmation path -> HookSystem.fireToolNotificationEvent.
        await hookSystem.fireToolNotificationEvent(a.details);
        return { outcome: 'notified' };
      }
      default: {
        // SessionEnd, PreCompress, AfterModel: the event handler directly.
        const r = await hookSystem.getEventHandler().executeHooks(event, { ...a, hook_event_name: event, cwd: job.projectDir, session_id: job.sessionId });
        return { outcome: 'fired', finalOutput: describeOutput(r.finalOutput) };
      }
    }
  }

  return {
    event: job.event,
    elapsedMs,
    cli,
    finalOutput: describeOutput(aggregated?.finalOutput),
    aggregated: aggregated && {
      success: aggregated.success,
      errors: aggregated.errors.map((e) => String(e?.message ?? e)),
      allOutputs: aggregated.allOutputs,
    },
    hooks: hookResults,
    feedback,
    systemMessages,
    console: consoleLines,
  };
}
