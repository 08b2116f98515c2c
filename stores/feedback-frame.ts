import { create } from 'zustand';

/** Whether the floating feedback modal is open (docs/screens.md frameState). */
export type FeedbackFrameState = {
  frameState: boolean;
  openFrame: () => void;
  closeFrame: () => void;
  setFrameState: (open: boolean) => void;
};

export const useFeedbackFrame = create<FeedbackFrameState>()((set) => ({
  frameState: false,
  openFrame: () => set({ frameState: true }),
  closeFrame: () => set({ frameState: false }),
  setFrameState: (open) => set({ frameState: open }),
}));
