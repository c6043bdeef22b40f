/**
 * Hooks: how a higher layer changes what a lower one does without the lower
 * one importing it. The lower layer defines a hook with the behaviour it has
 * on its own (the fallback); the composition root lets a higher layer arm it
 * (e.g. the control plane's faults arm the wallet area's still-processing hook).
 */
export interface Hook<F> {
  readonly name: string;
  readonly fallback: F;
}

export function defineHook<F>(name: string, fallback: F): Hook<F> {
  return { name, fallback };
}

export class Hooks {
  private readonly armed = new Map<Hook<unknown>, unknown>();

  arm<F>(hook: Hook<F>, implementation: F): void {
    this.armed.set(hook as Hook<unknown>, implementation);
  }

  get<F>(hook: Hook<F>): F {
    return (this.armed.get(hook as Hook<unknown>) as F | undefined) ?? hook.fallback;
  }
}
