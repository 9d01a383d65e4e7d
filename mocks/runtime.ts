// The running mock's world: the current state (replaced by reset), the upload storage, and the
// operations of the control API that act on the world as a whole (reset, settle, close).
import { resolveSeed } from './domain/default-seed.ts';
import type { MockSeed } from './domain/seed.ts';
import { MockState } from './domain/state.ts';
import { FolderStorage } from './uploads/folder-storage.ts';

export class MockRuntime {
  private constructor(
    readonly storage: FolderStorage,
    public state: MockState,
    /** The seed the mock was started with; provider states start again from it. */
    readonly startSeed: MockSeed | undefined,
  ) {}

  static async create(seed?: MockSeed): Promise<MockRuntime> {
    return new MockRuntime(await FolderStorage.create(), MockRuntime.stateFor(seed), seed);
  }

  /** Ids and times are deterministic whenever a seed is given. */
  private static stateFor(seed: MockSeed | undefined): MockState {
    return new MockState(resolveSeed(seed), seed !== undefined);
  }

  /** Replaces the whole state; throws (leaving the old state) when the seed is inconsistent. */
  async reset(seed?: MockSeed): Promise<void> {
    const next = MockRuntime.stateFor(seed);
    this.stop();
    await this.storage.clear();
    this.state = next;
  }

  /** Finishes all processing now and waits for the webhook deliveries it causes. */
  async settle(): Promise<number> {
    const ran = this.state.scheduler.settle();
    await this.state.webhooks.drain();
    return ran;
  }

  async close(): Promise<void> {
    this.stop();
    await this.storage.destroy();
  }

  private stop(): void {
    this.state.scheduler.cancelAll();
    this.state.webhooks.abortAll();
  }
}
