// The scan shared by the formats with a root of their own (TRX, NUnit 3, xUnit.net): every name checked
// for what readers disagree on, the root required, each element handed on.
import { GateError } from '../../types.js';
import { NameCheck } from '../ambiguity.js';
import { decodeText, lineAt, scanXml, type Attributes } from '../scan.js';

export interface FormatHandler {
  /** An element; `fail` gives the GateError to throw at its line. */
  open(name: string, attrs: Attributes, fail: (message: string) => GateError): void;
  close?(name: string): void;
  /** Text inside an element, XML-decoded (xUnit.net's skip <reason>). */
  text?(text: string): void;
}

export function scanFormat(
  xml: string,
  file: string,
  root: string,
  what: string,
  handler: FormatHandler,
): void {
  const names = new NameCheck(xml, file);
  let depth = 0;
  scanXml(xml, file, {
    open(name, attrs, at) {
      const fail = (message: string) => new GateError(message, file, lineAt(xml, at));
      names.check(name, attrs, at);
      if (depth === 0 && name !== root) throw fail(`root element <${name}> is not ${what}`);
      depth++;
      handler.open(name, attrs, fail);
    },
    close(name) {
      depth--;
      handler.close?.(name);
    },
    comment() {},
    // Only a handler that reads text pays for decoding it.
    ...(handler.text
      ? {
          text(input: string, start: number, end: number, cdata: boolean) {
            const raw = input.slice(start, end);
            handler.text!(cdata ? raw : decodeText(raw));
          },
        }
      : {}),
  });
}
