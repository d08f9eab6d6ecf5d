import { randomUUID } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { assertObjectKey, contentTypeOfKey, etagMatches, isObjectKey, type ObjectInfo, type ObjectStore } from './object-store';

/**
 * The local folder (UPLOAD_DIR): the default, right for one instance. Objects are plain files named
 * by their key, so a folder written before this store existed is read as it is.
 */
export function createLocalObjectStore(uploadDir: string): ObjectStore {
  const root = path.resolve(uploadDir);
  const fileOf = (key: string) => {
    assertObjectKey(key);
    return path.join(root, key);
  };
  const infoOf = (key: string, stats: Stats): ObjectInfo => ({
    size: stats.size,
    contentType: contentTypeOfKey(key),
    // Weak: derived from size and time, not the bytes (uploads are never rewritten in place).
    etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
    lastModified: stats.mtime,
  });
  const statFile = async (file: string): Promise<Stats | undefined> => {
    try {
      const stats = await stat(file);
      return stats.isFile() ? stats : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  return {
    driver: 'local',

    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside, then renamed over: a reader sees the old file or the whole new one. The
      // temporary name starts with a dot, which no key does, so list() never shows it.
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
      const handle = await open(temporary, 'wx');
      try {
        await handle.writeFile(body);
        await handle.close();
        await rename(temporary, file);
      } catch (error) {
        await handle.close().catch(() => undefined);
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },

    async get(key, options = {}) {
      if (!isObjectKey(key)) return undefined;
      const file = fileOf(key);
      const stats = await statFile(file);
      if (!stats) return undefined;
      const info = infoOf(key, stats);
      if (etagMatches(options.ifNoneMatch, info.etag)) return { info, body: undefined };
      return { info, body: createReadStream(file) };
    },

    async head(key) {
      if (!isObjectKey(key)) return undefined;
      const stats = await statFile(fileOf(key));
      return stats ? infoOf(key, stats) : undefined;
    },

    async delete(keys) {
      await Promise.all(
        keys.map(async (key) => {
          try {
            await unlink(fileOf(key));
          } catch (error) {
            if (!isMissing(error)) throw error;
          }
        }),
      );
    },

    async *list(prefix) {
      // A folder prefix ('vehicles/') is walked from that folder; anything else from the root.
      const folder = prefix.endsWith('/') && isObjectKey(prefix.slice(0, -1)) ? prefix.slice(0, -1) : '';
      for await (const key of walk(root, folder)) {
        if (!key.startsWith(prefix)) continue;
        const stats = await statFile(path.join(root, key));
        // Removed between readdir and stat: no longer there to list.
        if (stats) yield { key, size: stats.size, lastModified: stats.mtime };
      }
    },

    publicUrl: () => undefined,
    close: () => Promise.resolve(),
  };
}

async function* walk(root: string, relative: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const key = relative ? `${relative}/${entry.name}` : entry.name;
    if (!isObjectKey(key)) continue;
    if (entry.isDirectory()) yield* walk(root, key);
    else if (entry.isFile()) yield key;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
