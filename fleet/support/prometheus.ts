// Reading /metrics as a Prometheus server would: every line must follow the text exposition
// format (version 0.0.4), every sample must belong to a family declared by # TYPE before it;
// then parse-prometheus-text-format turns it into families.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const parse = require('parse-prometheus-text-format') as (text: string) => PromFamily[];

export type PromFamily = {
  name: string;
  help: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string> }[];
};

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABELS = `\\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*")*,?)?\\}`;
const VALUE = '(?:[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?|[-+]?Inf|NaN)';
const SAMPLE = new RegExp(`^(${NAME})(${LABELS})? ${VALUE}(?: -?\\d+)?$`);
const HELP = new RegExp(`^# HELP (${NAME}) .*$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created'];

/** The families of a /metrics answer; throws naming the first line that is not Prometheus text. */
export function parseExposition(text: string): PromFamily[] {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const declared = new Map<string, string>();
  text
    .slice(0, -1)
    .split('\n')
    .forEach((line, i) => {
      const where = `line ${i + 1}: ${line}`;
      if (line === '') return;
      const type = TYPE.exec(line);
      if (type) {
        if (declared.has(type[1]!)) throw new Error(`${where}: a second TYPE for ${type[1]}`);
        declared.set(type[1]!, type[2]!);
        return;
      }
      if (HELP.test(line) || (line.startsWith('#') && !line.startsWith('# HELP') && !line.startsWith('# TYPE'))) return;
      const sample = SAMPLE.exec(line);
      if (!sample) throw new Error(`${where}: not a sample`);
      const name = sample[1]!;
      const family = declared.has(name)
        ? name
        : SUFFIXES.map((s) => name.endsWith(s) && name.slice(0, -s.length)).find((n) => n && declared.has(n));
      if (!family) throw new Error(`${where}: no # TYPE declared before it`);
    });
  return parse(text);
}
