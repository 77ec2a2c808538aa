// The approval a review needs, looked up on the pull request (CONTRACT.md §3).
import type { EventFacts } from '../adapters/github/event.js';
import type { Api, Repo } from '../adapters/github/client.js';
import type { ActionInputs } from '../gather/inputs.js';
import type { Report } from '../types.js';

/** Review findings become admit when an eligible human approved the pull request's head. */
export async function approve(
  report: Report,
  api: Api,
  repo: Repo,
  event: EventFacts,
  inputs: ActionInputs,
  notes: string[],
): Promise<Report> {
  if (report.counts.review === 0) return report;
  if (!event.pr) {
    notes.push(`${event.name}: there is no pull request to approve, so review stays review`);
    return report;
  }
  // Loaded only here: most runs have no review to approve (an ncc chunk).
  const [{ findApprover, pullFacts }, { applyApproval }] = await Promise.all([
    import('../adapters/github/approvals.js'),
    import('../decision/approve.js'),
  ]);
  let { author, headSha } = event.pr;
  if (headSha === undefined) {
    // merge_group: the approval is looked up on the pull request its head ref names.
    ({ author, headSha } = await pullFacts(api, repo, event.pr.number));
  }
  const answer = await findApprover(api, repo, event.pr.number, {
    headSha,
    prAuthor: author,
    agentAuthors: inputs.agentAuthors,
  });
  notes.push(...answer.passedOver);
  if (!answer.approver) {
    notes.push(`no eligible approval on ${headSha.slice(0, 12)}: review stays review`);
    return report;
  }
  notes.push(`approved by ${answer.approver} on ${headSha.slice(0, 12)}: review findings admitted`);
  return applyApproval(report, answer.approver);
}
