/** Injection token for the validated ToolsConfig. */
export const TOOLS_CONFIG = Symbol('TOOLS_CONFIG');
