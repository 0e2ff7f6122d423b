import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * The command line of a maintenance command (db:backup, db:restore, db:move): strict parsing,
 * `--help` prints the usage and exits 0, anything unknown prints the reason and the usage and exits 1,
 * so every command answers the same way to a typo.
 */
export function commandArgs<O extends Options>(usage: string, options: O, allowPositionals = false) {
  let parsed;
  try {
    parsed = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals, strict: true });
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    process.exit(1);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed as unknown as { values: { [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string }; positionals: string[] };
}
