// jsdom lacks MessageChannel; antd's form (@rc-component/form) uses it to defer watcher
// notifications to a macrotask. A setTimeout-backed stand-in keeps that timing.
if (typeof globalThis.MessageChannel === 'undefined') {
  class Port {
    onmessage: ((e: { data: unknown }) => void) | null = null;
    other?: Port;
    postMessage(data: unknown) {
      setTimeout(() => this.other?.onmessage?.({ data }), 0);
    }
    close() {}
  }
  class MessageChannelShim {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  Object.assign(globalThis, { MessageChannel: MessageChannelShim });
}
export {};
