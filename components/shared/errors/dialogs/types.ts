/** What the global handler asks a dialog implementation to show (docs/api.md). */
export type ConfirmOptions = {
  kind: 'relogin' | 'error';
  title?: string;
  content?: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel: () => void;
};

export type ConfirmFn = (options: ConfirmOptions) => void;

export type DialogVariant = 'desktop' | 'mobile';
