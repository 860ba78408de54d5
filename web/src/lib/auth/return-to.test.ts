import { describe, expect, it } from 'vitest';
import { keepNext, nextPathFrom, signInPathFor } from './return-to';

describe('a signed-out visit to a dashboard place', () => {
  it('signs in and lands there, anchor kept', () => {
    const wanted = '/dealer/dashboard/offers#offer-45';
    const signIn = signInPathFor('/dealer/login', wanted);
    expect(signIn).toBe('/dealer/login?next=%2Fdealer%2Fdashboard%2Foffers%23offer-45');
    const search = signIn.split('?')[1]!;
    expect(nextPathFrom(search)).toBe(wanted);
    expect(keepNext('/dealer/sign-in', search)).toBe(`/dealer/sign-in?${search}`);
  });

  it('leaves the sign-in’s address alone for the dashboard itself', () => {
    expect(signInPathFor('/dealer/login', '/dealer/dashboard')).toBe('/dealer/login');
    expect(nextPathFrom('')).toBe('/dealer/dashboard');
    expect(keepNext('/dealer/sign-in', '')).toBe('/dealer/sign-in');
  });

  it('follows only a place in the dashboard', () => {
    for (const next of [
      'https://evil.example/dealer/dashboard',
      '//evil.example/dealer/dashboard/offers',
      '/admin',
      '/dealer/dashboard/nope',
      'javascript:alert(1)',
    ])
      expect(nextPathFrom(`next=${encodeURIComponent(next)}`), next).toBe('/dealer/dashboard');
  });
});
