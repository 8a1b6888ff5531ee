import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

interface StateFile {
  /** Content hash → when it was delivered. */
  sent: Record<string, string>;
}

/** Remembers which file contents were delivered, surviving restarts (written atomically). */
export class SentFiles {
  private readonly state: StateFile;

  constructor(private readonly path: string) {
    this.state = existsSync(path)
      ? (JSON.parse(readFileSync(path, 'utf8')) as StateFile)
      : { sent: {} };
  }

  has(hash: string): boolean {
    return hash in this.state.sent;
  }

  add(hash: string): void {
    this.state.sent[hash] = new Date().toISOString();
    const temp = `${this.path}.tmp`;
    writeFileSync(temp, JSON.stringify(this.state, null, 2));
    renameSync(temp, this.path);
  }
}
