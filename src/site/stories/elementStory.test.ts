import { describe, expect, it } from 'vitest';
import schema from '../../../schemas/elements/hero.schema.json';
import { fromExample } from './elementStory';
import * as Hero from './generated/Hero.stories';

describe('fromExample', () => {
  it("starts an extra story from the example and lets the story's args replace single keys", () => {
    const story = fromExample({ title: 'A', logo: 'x' }, { args: { logo: undefined }, parameters: { p: 1 } });
    expect(story).toEqual({ args: { title: 'A', logo: undefined }, parameters: { p: 1 } });
    expect(fromExample({ title: 'A' }, {})).toEqual({ args: { title: 'A' } });
  });

  it("gives a generated file's extra story the first example without the args it takes away", () => {
    expect(Hero.WithoutBackground.args).toEqual({ ...schema.examples[0], background: undefined });
    expect(schema.examples[0].background).toBeDefined();
  });
});
