/** Per-player settings (stake presets) (docs/decisions/0071). */
export { settingsRoutes, type SettingsDeps } from './routes.ts';
