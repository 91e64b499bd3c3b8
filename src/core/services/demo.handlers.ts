import { AppError } from '../errors';
import type { HandlerGroup } from '../handlers';

export const demoHandlers: HandlerGroup<'demo.start'> = () => ({
  'demo.start': async () => {
    throw new AppError('not_found', 'The demonstration branch is not available in this version yet.', {
      code: 'demo.unavailable',
    });
  },
});
