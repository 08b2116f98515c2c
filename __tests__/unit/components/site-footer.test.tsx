import { render, screen } from '@testing-library/react';
import { SiteFooter } from '@/components/desktop/site-footer';
import { en } from '@/lib/i18n/messages/core.en';
import { zhCN } from '@/lib/i18n/messages/core.zh-cn';

describe('SiteFooter', () => {
  it('shows the ICP filing number it is given (ICP_LICENSE, read by the layout through env)', () => {
    render(<SiteFooter messages={zhCN} brand="优农数据" icp="京ICP备12345678号" />);
    expect(screen.getByText(/ICP备案号：京ICP备12345678号/)).toBeInTheDocument();
  });

  it('says the filing is in progress while there is none', () => {
    render(<SiteFooter messages={en} brand="Yoonop Agri-Data" />);
    expect(screen.getByText(/ICP filing in progress/)).toBeInTheDocument();
  });
});
