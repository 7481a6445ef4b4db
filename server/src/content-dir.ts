/**
 * Where the repository's content files are: server/content. The same from the sources
 * (server/src) and from the bundle (server/dist), both one level below server/.
 */
import path from 'node:path';

export const contentDir = path.resolve(import.meta.dirname, '../content');
export const helpContentDir = path.join(contentDir, 'help');
