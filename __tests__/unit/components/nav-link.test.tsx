import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isActivePath, NavLink } from '@/components/shared/nav-link';

let pathname = '/';
jest.mock('next/navigation', () => ({ usePathname: () => pathname, useRouter: () => ({ push: jest.fn() }) }));

describe('current-page marking', () => {
  it('matches a section and its sub-pages, and home only exactly', () => {
    expect(isActivePath('/documents/42/slug', '/documents')).toBe(true);
    expect(isActivePath('/documentsX', '/documents')).toBe(false);
    expect(isActivePath('/product/farming', '/')).toBe(false);
    expect(isActivePath('/', '/')).toBe(true);
    // At a page's URL for a language.
    expect(isActivePath('/zh-CN/documents/42', '/documents')).toBe(true);
    expect(isActivePath('/en', '/')).toBe(true);
    expect(isActivePath('/zh-CN/functionality', '/mobileFunctionality')).toBe(true);
    expect(isActivePath('/en/regard/aboutUs', '/documents')).toBe(false);
  });

  it('marks a mobile link current on the desktop URL a phone was rewritten from', () => {
    expect(isActivePath('/functionality', '/mobileFunctionality')).toBe(true);
    expect(isActivePath('/regard/journalism/3', '/mobileRegard/journalism')).toBe(true);
    expect(isActivePath('/regard/aboutUs', '/mobileRegard/journalism')).toBe(false);
  });

  it('sets aria-current and, when clicked, closes the CSS menu it sits in', async () => {
    pathname = '/product/farming';
    render(
      <>
        <input type="checkbox" id="toggle" defaultChecked aria-label="menu" />
        <NavLink href="/product/farming" toggleId="toggle">
          Farming
        </NavLink>
        <NavLink href="/solution/garbage" toggleId="toggle">
          Waste
        </NavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Farming' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Waste' })).not.toHaveAttribute('aria-current');
    const waste = screen.getByRole('link', { name: 'Waste' });
    waste.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(waste);
    expect(screen.getByRole('checkbox', { name: 'menu' })).not.toBeChecked();
    expect(waste).not.toHaveFocus();
  });
});
