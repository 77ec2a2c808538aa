// Findings as check-run annotations (pure): every reject a failure, every review (and every old
// quarantine warning) a warning, placed on the ledger line or the test's file and line, within
// GitHub's field limits, most severe first, cut at max-annotations with the rest counted. The
// title names the rule and test; the message says what is wrong and what to do.
import type { Finding, Report } from '../types.js';
import { rule } from '../decision/table.js';
import { clip, neutralise } from './escape.js';
import { idFile } from './groups.js';
import { repoPath } from './links.js';
import { clipBytes } from './summary-fit.js';

export interface Annotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'failure' | 'warning' | 'notice';
  message: string;
  title: string;
}

export const ANNOTATIONS_PER_REQUEST = 50;
const TITLE_MAX = 255;
const MESSAGE_MAX_BYTES = 64 * 1024 - 1;

/** Title within 255 characters however GitHub counts them (UTF-16 units are the most). */
function title(s: string): string {
  let out = clip(neutralise(s), TITLE_MAX);
  while (out.length > TITLE_MAX) out = clip(out, Array.from(out).length - 1);
  return out;
}

function annotation(
  level: Annotation['annotation_level'],
  heading: string,
  message: string,
  file: string | undefined,
  line: number | undefined,
  ledger: string,
): Annotation {
  const path = repoPath(file);
  const start = path && line && Number.isInteger(line) && line > 0 ? line : 1;
  return {
    path: path ?? ledger,
    start_line: start,
    end_line: start,
    annotation_level: level,
    // Annotations are plain text: only hidden characters and line breaks need neutralising.
    message: clipBytes(neutralise(message), MESSAGE_MAX_BYTES) || heading,
    title: title(heading),
  };
}

function findingAnnotation(f: Finding, ledger: string): Annotation {
  const level = f.result === 'reject' ? 'failure' : 'warning';
  const heading = `${f.rule}${f.id ? `: ${f.id}` : ''}`;
  // Without a file of its own, the test id's file part (`tests/x.py::…`) is the best place.
  const file = f.file ?? idFile(f.id);
  // What is wrong, then what to do about it: the table's human action, and the command.
  const message = `${f.message} (to do: ${rule(f.rule).action}${f.fix ? `; fix: ${f.fix}` : ''})`;
  return annotation(level, heading, message, file, f.file ? f.line : undefined, ledger);
}

export interface AnnotationPlan {
  annotations: Annotation[];
  /** How many were left out by max-annotations. */
  cut: number;
}

export function planAnnotations(
  report: Report,
  warnings: { message: string; file: string; line: number }[],
  opts: { ledger: string; max: number },
): AnnotationPlan {
  const all: Annotation[] = [
    ...report.findings
      .filter((f) => f.result === 'reject')
      .map((f) => findingAnnotation(f, opts.ledger)),
    ...report.findings
      .filter((f) => f.result === 'review')
      .map((f) => findingAnnotation(f, opts.ledger)),
    ...warnings.map((w) =>
      annotation('warning', 'quarantine age', w.message, w.file, w.line, opts.ledger),
    ),
  ];
  const max = Math.max(0, opts.max);
  return { annotations: all.slice(0, max), cut: Math.max(0, all.length - max) };
}

/** Batches of at most 50, the Checks API's limit per request. */
export function batches<T>(items: T[], size = ANNOTATIONS_PER_REQUEST): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
