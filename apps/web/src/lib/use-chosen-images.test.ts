import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChosenImage, useChosenImages } from './use-chosen-images';

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

let created: string[];
let revoked: string[];

beforeEach(() => {
  created = [];
  revoked = [];
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    n += 1;
    const url = `blob:test/${n}`;
    created.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => {
    revoked.push(url);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('useChosenImages', () => {
  it('gives each added image a preview and revokes it only when that image is removed', () => {
    const { result } = renderHook(() => useChosenImages());
    act(() => result.current.add([file('a.png'), file('b.png')]));
    act(() => result.current.add([file('c.png')]));
    expect(result.current.images.map((i) => i.file.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(result.current.images.map((i) => i.url)).toEqual(created);
    expect(new Set(result.current.images.map((i) => i.key)).size).toBe(3);

    act(() => result.current.remove(result.current.images[1]!.key));
    expect(result.current.images.map((i) => i.file.name)).toEqual(['a.png', 'c.png']);
    expect(revoked).toEqual([created[1]]);
  });

  it('revokes every preview on clear and none twice on leaving', () => {
    const { result, unmount } = renderHook(() => useChosenImages());
    act(() => result.current.add([file('a.png'), file('b.png')]));
    act(() => result.current.clear());
    expect(result.current.images).toEqual([]);
    expect(revoked.sort()).toEqual([...created].sort());
    unmount();
    expect(revoked).toHaveLength(2);
  });

  it('revokes the previews still shown when the component goes away', () => {
    const { result, unmount } = renderHook(() => useChosenImages());
    act(() => result.current.add([file('a.png'), file('b.png')]));
    unmount();
    expect(revoked.sort()).toEqual([...created].sort());
  });
});

describe('useChosenImage', () => {
  it('replaces the chosen image and revokes the preview it replaced', () => {
    const { result } = renderHook(() => useChosenImage());
    expect(result.current[0]).toBeNull();
    act(() => result.current[1](file('a.png')));
    expect(result.current[0]?.file.name).toBe('a.png');
    expect(result.current[0]?.url).toBe(created[0]);
    act(() => result.current[1](file('b.png')));
    expect(result.current[0]?.file.name).toBe('b.png');
    expect(revoked).toEqual([created[0]]);
  });

  it('forgets the image on null and revokes the remaining preview on leaving', () => {
    const { result, unmount } = renderHook(() => useChosenImage());
    act(() => result.current[1](file('a.png')));
    act(() => result.current[1](null));
    expect(result.current[0]).toBeNull();
    expect(revoked).toEqual([created[0]]);
    act(() => result.current[1](file('b.png')));
    unmount();
    expect(revoked).toEqual([created[0], created[1]]);
  });
});
