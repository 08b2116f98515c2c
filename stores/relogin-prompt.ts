import { create } from 'zustand';

export type ReloginPromptState = {
  open: boolean;
  /** Claims the prompt: true when the caller may show it, false when one is already showing (docs/screens.md). */
  tryOpen: () => boolean;
  close: () => void;
};

export const useReloginPrompt = create<ReloginPromptState>()((set, get) => ({
  open: false,
  tryOpen: () => {
    if (get().open) return false;
    set({ open: true });
    return true;
  },
  close: () => set({ open: false }),
}));
