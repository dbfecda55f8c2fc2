// Package windsurf is everything hookexec knows of Windsurf's Cascade
// hooks: its hooks.json files (workspace, user, system), its event names
// (one per kind of action: pre_run_command, pre_write_code, ...), the
// payload it sends ({agent_action_name, trajectory_id, execution_id,
// timestamp, tool_info}), and the answer it reads (--format windsurf):
// the exit status only, 2 blocking a pre-hook with stderr shown to the
// agent.
//
// Proven by make e2e: nothing (Windsurf is an IDE and cannot run here).
// From its documentation only, every fact below:
// https://docs.windsurf.com/windsurf/cascade/hooks (files, merge order
// system → user → workspace, the command, show_output and
// working_directory keys, the events and their tool_info, the exit
// statuses). pre_user_prompt (tool_info.user_prompt, blocking with exit 2) and
// post_cascade_response come from the page's later revision.
package windsurf
