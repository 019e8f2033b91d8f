// The one temp-dir helper lives beside the scripts and benchmarks that use it too (they import nothing from tests/).
export { tempDir } from '../../scripts/lib/temp-dir.ts'
