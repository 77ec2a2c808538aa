// GitHub's own workflow parser (@actions/workflow-parser, the one behind the Actions language
// service) over a workflow's text: its errors and its template conversion's, as messages.
import {
  NoOperationTraceWriter,
  convertWorkflowTemplate,
  parseWorkflow,
} from '@actions/workflow-parser';

export async function workflowErrors(name: string, text: string): Promise<string[]> {
  const parsed = parseWorkflow({ name, content: text }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  if (parsed.value !== undefined) {
    const template = await convertWorkflowTemplate(parsed.context, parsed.value);
    for (const e of template.errors ?? []) errors.push(e.Message);
  }
  return [...new Set(errors)];
}
