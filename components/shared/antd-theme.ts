/**
 * antd in the site's colours and font: the brand green for primary and success, the teal for
 * information (a Result's "please log in" icon was antd's blue), the accent amber for warnings,
 * and the page's own font stack (globals.css --font) instead of antd's.
 */
export const antdTheme = {
  token: {
    colorPrimary: '#0f7b5f',
    colorLink: '#0f7b5f',
    colorSuccess: '#0f7b5f',
    colorInfo: '#0e7c86',
    colorWarning: '#e59a1a',
    fontFamily: 'var(--font)',
    borderRadius: 8,
    // The page's muted grey: antd's own (#878888 on the page's #f5f8f7, 3.3:1) is below WCAG AA.
    colorTextDescription: '#56666a',
  },
};
