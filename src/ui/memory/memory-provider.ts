/** Provides the tab's memory to the app (`main.ts`): a file of its own, so the memory elements do not pull it. */
import { ContextProvider } from '@lit/context';
import { type MemoryHandle, memoryContext } from './memory-context';

/** Provides `memory` to every element under `host` (the app). */
export function provideMemory(host: HTMLElement, memory: MemoryHandle): void {
  new ContextProvider(host, { context: memoryContext, initialValue: memory });
}
