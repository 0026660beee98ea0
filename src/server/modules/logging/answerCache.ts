/** A byte-bounded cache of finished answers, oldest used out first. */
export class AnswerCache {
  private readonly entries = new Map<string, Buffer | string>();
  private bytes = 0;

  constructor(private readonly limit: number) {}

  get(key: string): Buffer | string | undefined {
    const body = this.entries.get(key);
    if (body === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, body);
    return body;
  }

  set(key: string, body: Buffer | string): void {
    const size = body.length;
    if (size > this.limit) return;
    const old = this.entries.get(key);
    if (old !== undefined) this.bytes -= old.length;
    this.entries.delete(key);
    this.entries.set(key, body);
    this.bytes += size;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.limit) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }
}
