// A mock of @actions/github for in-process tests of src/main.ts: getOctokit answers with one
// fake client whose Checks and Pulls calls are jest mocks, recorded for the test to read.
// The end-to-end tests use a real HTTP server instead (__tests__/support/fake-github.ts).
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

export const octokit = {
  rest: { checks, pulls, repos },
  // One page is all the fake has.
  paginate: jest.fn(async (call: Call, params: Params) => (await call(params)).data),
};

export const getOctokit = jest.fn((token: string, options?: unknown) => {
  void token;
  void options;
  return octokit;
});

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
  octokit.paginate.mockClear();
  getOctokit.mockClear();
}
