/**
 * Lazy route chunks (spec part 9): a chunk that has not arrived within 120 s fails; a chunk that is
 * missing after a deploy (its hash changed) reloads the page once to fetch the new index.html.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
const reloadFlag = 'chunkReloaded';

export function lazyRoute<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('The page took too long to load.')), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      sessionStorage.removeItem(reloadFlag);
      return module;
    } catch (error) {
      const missingChunk =
        error instanceof TypeError &&
        /dynamically imported module|Importing a module script failed/i.test(error.message);
      if (missingChunk && !sessionStorage.getItem(reloadFlag)) {
        sessionStorage.setItem(reloadFlag, '1');
        window.location.reload();
        return new Promise<T>(() => undefined);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}
