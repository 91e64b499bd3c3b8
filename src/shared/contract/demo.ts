import { z } from 'zod';
import { defineCommand } from './define';
import { profileSchema } from './connection';

export const demoCommands = {
  'demo.start': defineCommand({
    summary: 'Start the demonstration branch (a local sandbox API) and switch to it',
    input: z.object({}),
    output: profileSchema,
  }),
};
