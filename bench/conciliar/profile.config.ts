// electron.vite.config.ts with the renderer's source maps on: the build bench/conciliar --profile measures, so
// the profile's functions can be named by their place in the sources (still minified, as shipped).
import base from '../../electron.vite.config';

export default {
  ...base,
  renderer: { ...base.renderer, build: { ...base.renderer?.build, sourcemap: true } },
};
