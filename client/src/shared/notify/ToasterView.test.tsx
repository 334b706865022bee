// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../app/theme';
import { wholeDatesIn, wholeText } from '../../test-utils';
import { noticeOptions, toaster } from './notify';
import ToasterView from './ToasterView';

afterEach(() => {
  toaster.remove();
  cleanup();
});

describe('ToasterView', () => {
  it('keeps the dates of a notice’s words on one line', async () => {
    render(
      <ChakraProvider value={system}>
        <ToasterView />
      </ChakraProvider>,
    );
    const words = 'The new deposit applies from 04-12-2026.';
    act(() => {
      toaster.create(noticeOptions('success', words));
    });
    expect(wholeDatesIn(await screen.findByText(wholeText(words)))).toEqual(['04-12-2026']);
  });
});
