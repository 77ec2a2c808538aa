// @actions/workflow-parser imports its schema JSON without an import attribute, which jest
// deprecates (and its next major refuses); jest.config.js maps that import here, where the same
// file is imported with the attribute.
import schema from '../../node_modules/@actions/workflow-parser/dist/workflow-v1.0.min.json' with { type: 'json' };

export default schema;
