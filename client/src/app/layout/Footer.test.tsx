// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test-utils';
import { Footer, poweredBy } from './Footer';

afterEach(cleanup);

describe('poweredBy (spec 1 §9: the footer)', () => {
  it('reads Powered by {product} © {year}', () => {
    expect(poweredBy('BillSmoothing', 2026)).toBe('Powered by BillSmoothing © 2026');
  });
});

describe('Footer', () => {
  it('shows the product from client settings with the year, its slogan, the support link and the version', async () => {
    renderRoutes([{ path: '/', element: <Footer /> }], '/');
    expect(await screen.findByText(`Powered by BillSmoothing © ${new Date().getFullYear()}`)).toBeTruthy();
    expect(screen.getByText('Your bills, evened out.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/help#support');
    expect(screen.getByText('Version 1.0.0.0.0')).toBeTruthy();
  });
});
