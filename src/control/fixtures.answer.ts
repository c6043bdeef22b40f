/**
 * What a fixture step sends and what it gets back, apart from the runner:
 * the composition root makes the answers, and loads the runner only when a
 * fixture first runs.
 */

/** One request of a step, ready to send: the full path (query included). */
export interface StepCall {
  method: string;
  path: string;
  /** The body as JSON text. */
  body?: string;
  headers: Record<string, string>;
}

export interface StepAnswer {
  status: number;
  body: unknown;
  /** The JSON text the body was parsed from, when the API's own c.json sent it. */
  text?: string;
}

const ID_FIRST = '{"id":"';

/** The `id` a resource's JSON text starts with (the catalogue's presenters put it first): no parse. */
export function leadingId(text: string): string | undefined {
  if (!text.startsWith(ID_FIRST)) return undefined;
  const end = text.indexOf('"', ID_FIRST.length);
  const id = text.slice(ID_FIRST.length, end);
  // An escape inside it is for the parser to read.
  return end > 0 && !id.includes('\\') ? id : undefined;
}

/**
 * A step's answer as the JSON text the API sent: its body is parsed when
 * something reads it (a later step's reference, an expectation, a failure),
 * and a write's id is read off the text's start.
 */
class JsonAnswer implements StepAnswer {
  #parsed: { body: unknown } | undefined;

  constructor(
    readonly status: number,
    readonly text: string,
  ) {}

  get body(): unknown {
    return (this.#parsed ??= { body: this.text === '' ? undefined : JSON.parse(this.text) }).body;
  }
}

export function jsonAnswer(status: number, text: string): StepAnswer {
  return new JsonAnswer(status, text);
}

