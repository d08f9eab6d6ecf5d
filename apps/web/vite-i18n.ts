import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import type { PluginOption } from 'vite';

const configPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lingui.config.ts');

/**
 * Lingui in the build and the tests (ADR 018): its macros (`<Trans>`, `t`, `msg`, `plural`) become
 * message ids through Babel, in the files that import them only; a catalogue imported with `?lingui`
 * is compiled to plain functions and strings, so no ICU parser reaches the browser.
 */
export function i18nPlugins(): PluginOption[] {
  const linguiConfig = getConfig({ configPath });
  const macros = defineRolldownBabelPreset({
    preset: () => ({ plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] }),
    rolldown: { filter: { id: /\.tsx?$/, code: /@lingui\/(?:core|react)\/macro/ } },
  });
  return [babel({ presets: [macros], sourceMap: true }), lingui({ configPath, failOnCompileError: true })];
}
