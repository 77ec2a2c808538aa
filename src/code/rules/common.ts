// Literals the rules of both languages share (data).

/** A path naming test sources: a test folder, or a test file by the runners' conventions. */
export const TEST_PATH =
  /(^|[/\\])(tests?|__tests__|specs?|testing)([/\\]|$)|(^|[/\\])(test_[\w.-]{0,100}\.py|conftest\.py|[\w.-]{1,100}_test\.py|[\w.-]{1,100}\.(test|spec)\.[cm]?[jt]sx?)$/;

/** Where a run's reports are named: read with the command line, the shape of a report rewrite. */
export const REPORT_WORDS = /junit|xunit|\.xml$|RUNNER_TEMP/i;

/** Literals naming the runner's environment or its report (also when spelled in pieces). */
export const RUNNER_ENV_LITERAL =
  /^(PYTEST_[A-Z_]{0,40}|JEST_[A-Z_]{0,40}|VITEST[A-Z_]{0,40}|__vitest\w{0,40})$/;
export const REPORT_LITERAL =
  /junit|xunit|RUNNER_TEMP|GITHUB_STEP_SUMMARY|<testsuite|<testcase|<failure|testResultsProcessor/i;

/**
 * A script's path: a command's folder (`bin/`, `scripts/`, `tools/`), a build file
 * (`gulpfile.js`, `*.config.js`) or a package's entry (`__main__.py`, `setup.py`). The
 * program's name and arguments are its input there, so reading them is not a finding.
 */
export const SCRIPT_PATH =
  /(^|[/\\])(bin|scripts?|tools)[/\\]|(^|[/\\])([Gg]ulpfile|[Gg]runtfile|[Jj]akefile)\.[cm]?[jt]s$|\.config\.[cm]?[jt]s$|(^|[/\\])(__main__|setup|manage)\.py$/;
