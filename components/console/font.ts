/** The console's one font (antd's theme and the page around it, the demo banner included). */
export const CONSOLE_FONT = 'system-ui, sans-serif';
