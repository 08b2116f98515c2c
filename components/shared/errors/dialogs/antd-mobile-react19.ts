import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();
let done = false;

/**
 * antd-mobile 5 renders its imperative APIs (Dialog.confirm, Toast …) with the
 * React 18 render call, which React 19 no longer has; give it createRoot
 * (https://mobile.ant.design/guide/v5-for-19). Safe to call more than once.
 */
export function ensureAntdMobileReact19() {
  if (done) return;
  done = true;
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      roots.delete(container);
    };
  });
}
