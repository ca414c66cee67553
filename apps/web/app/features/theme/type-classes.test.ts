import { describe, expect, it } from 'vitest';
import { withType } from './type';
import type from './type.module.css';

describe('withType (decision 531)', () => {
  it("adds the variant's classes to the named classes of a module, and leaves the others as they are", () => {
    const styles = withType({ title: 'page-title', rule: 'page-rule' }, { title: 'h2' });
    expect(styles.title.split(' ')).toEqual(['page-title', ...(type.h2 ?? '').split(' ')]);
    expect(type.h2).toBeTruthy();
    expect(styles.rule).toBe('page-rule');
  });

  it('gives a class the module does not write (no rule of its own) the variant alone', () => {
    expect(withType({} as Record<string, string>, { empty: 'body2' }).empty).toBe(type.body2);
  });
});
