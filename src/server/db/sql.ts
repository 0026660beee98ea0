/**
 * Parameterized SQL built from template literals: values always become `$n` parameters; only
 * identifiers from the schema registry (never from a request) enter the text, through `ident`.
 */
export class Sql {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}

  /** Text with `$1..$n` placeholders and the matching parameter list. */
  compile(startAt = 1): { text: string; params: unknown[] } {
    const params: unknown[] = [];
    const text = this.render(params, startAt);
    return { text, params };
  }

  /** How many `$n` parameters `compile` makes of it (counted without writing the text). */
  parameterCount(): number {
    let count = 0;
    for (const value of this.values) {
      if (value instanceof Sql) count += value.parameterCount();
      else if (!(value instanceof Raw)) count++;
    }
    return count;
  }

  private render(params: unknown[], startAt: number): string {
    let text = this.strings[0];
    this.values.forEach((value, i) => {
      if (value instanceof Sql) text += value.render(params, startAt);
      else if (value instanceof Raw) text += value.text;
      else {
        params.push(value);
        text += `$${params.length + startAt - 1}`;
      }
      text += this.strings[i + 1];
    });
    return text;
  }
}

/** Trusted text (identifiers and keywords chosen by our code). Constructed only through `ident` and `raw`. */
class Raw {
  constructor(readonly text: string) {}
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return new Sql(strings, values);
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A quoted identifier; throws on anything but letters, digits and underscores. */
export function ident(name: string): Raw {
  if (!IDENTIFIER.test(name)) throw new Error(`Invalid SQL identifier ${JSON.stringify(name)}`);
  return new Raw(`"${name}"`);
}

/** A string literal for JSON keys in expressions like `doc->'name'`; only registry field names reach it. */
export function jsonKey(name: string): Raw {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) throw new Error(`Invalid field name ${JSON.stringify(name)}`);
  return new Raw(`'${name}'`);
}

/** A keyword or operator our code chose, e.g. `ASC`, `>=`. Must never receive request text. */
export function raw(
  text:
    | 'ASC'
    | 'DESC'
    | '='
    | '<>'
    | '<'
    | '<='
    | '>'
    | '>='
    | 'AND'
    | 'OR'
    | 'NULLS FIRST'
    | 'NULLS LAST'
    | 'text'
    | 'numeric'
    | 'boolean'
    | '',
): Raw {
  return new Raw(text);
}

export function join(parts: Sql[], separator: ', ' | ' AND ' | ' OR '): Sql {
  if (parts.length === 0) return sql``;
  const strings = ['', ...parts.slice(1).map(() => separator), ''];
  return new Sql(strings, parts);
}

export const TRUE = sql`TRUE`;
export const FALSE = sql`FALSE`;
