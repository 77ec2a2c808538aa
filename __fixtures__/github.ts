// A mock of src/adapters/github/rest.ts for in-process tests of src/main.ts: createApi answers
// with one fake client whose routes are jest mocks, named after the API's operations and
// recorded for the test to read. The end-to-end tests use a real HTTP server instead
// (__tests__/support/fake-github.ts).
import { jest } from '@jest/globals';

type Params = Record<string, unknown>;
type Call = (params: Params) => Promise<{ data: unknown }>;

export const checks = {
  create: jest.fn<Call>(async () => ({
    data: { id: 42, html_url: 'https://github.example/acme/widgets/runs/42' },
  })),
  update: jest.fn<Call>(async () => ({ data: {} })),
};
export const pulls = {
  listReviews: jest.fn<Call>(async () => ({ data: [] })),
  get: jest.fn<Call>(),
  listFiles: jest.fn<Call>(),
  listCommits: jest.fn<Call>(),
};
export const repos = {
  compareCommits: jest.fn<Call>(),
  // Anyone is read unless a test answers otherwise (a public repository's default).
  getCollaboratorPermissionLevel: jest.fn<Call>(async () => ({
    data: { permission: 'read', role_name: 'read' },
  })),
};

const ROUTES: Record<string, Call> = {
  'POST /repos/{owner}/{repo}/check-runs': checks.create,
  'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}': checks.update,
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews': pulls.listReviews,
  'GET /repos/{owner}/{repo}/pulls/{pull_number}': pulls.get,
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/files': pulls.listFiles,
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/commits': pulls.listCommits,
  'GET /repos/{owner}/{repo}/compare/{basehead}': repos.compareCommits,
  'GET /repos/{owner}/{repo}/collaborators/{username}/permission':
    repos.getCollaboratorPermissionLevel,
};

const request = jest.fn(async (route: string, params: Params = {}) => {
  const call = ROUTES[route];
  if (!call) throw new Error(`no mock for ${route}`);
  return call(params);
});

export const api = {
  request,
  // One page is all the fake has.
  paginate: jest.fn(async (route: string, params?: Params) => (await request(route, params)).data),
  // Nothing here travels: every request has left as soon as it is made.
  sent: jest.fn(async () => undefined),
};

export const createApi = jest.fn((options: { token: string }) => {
  void options;
  return api;
});

/** As rest.ts's: what a failed request throws. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

/** Clears the calls between tests and restores the default answers. */
export function reset(): void {
  for (const f of [
    checks.create,
    checks.update,
    pulls.listReviews,
    pulls.get,
    repos.getCollaboratorPermissionLevel,
  ])
    f.mockClear();
  for (const f of [pulls.listFiles, pulls.listCommits, repos.compareCommits]) f.mockReset();
  request.mockClear();
  api.paginate.mockClear();
  createApi.mockClear();
}
