/** Every migration, in order. Names sort; a new one is added at the end and never edited after. */
import type { Migration } from 'kysely';
import type { Engine } from '../dialect';
import { initial } from './0001-initial';

export function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001-initial': initial(engine),
  };
}
