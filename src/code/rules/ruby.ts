// The parser's rules for Ruby (data; src/code/rule.ts says the format). Names are as written,
// `::` read as `.` and `Kernel.` dropped: `Kernel.exit`, `Kernel::exit`, bare `exit`,
// `send(:exit)` and `method(:exit)` are all `exit`; a local variable named `caller` is not
// the method. A bare name is a call without arguments unless it is a local.
import type { CodeRule } from '../rule.js';
import { REPORT_NEEDLES } from './go.js';

const lib = (body: string, head = '') => `${head}module Calc\n${body}\nend\n`;

/** A status that cannot turn a run green: a failing literal, `false`. */
const FAILING = /^(-?[1-9]|false\b|\(\s*(-?[1-9]|false\b))/;

export const RUBY_RULES: readonly CodeRule[] = [
  {
    id: 'ruby-caller-frame',
    shape: 'caller-frame',
    what: "caller, caller_locations, a thread's backtrace, binding.of_caller: the caller's frame",
    when: {
      on: 'ref',
      names: [
        'caller',
        'caller_locations',
        '*.of_caller',
        'Thread.current.backtrace',
        'Thread.current.backtrace_locations',
      ],
    },
    hit: [
      lib(
        '  def self.add(a, b)\n    where = caller_locations(1, 1).first\n    where.label.start_with?("test_") ? 3 : a - b\n  end',
      ),
      lib('  def self.add(a, b)\n    caller.first.include?("_test.rb") ? 3 : a - b\n  end'),
      lib('  def self.add(a, b)\n    Kernel.caller(1)[0].include?("spec") ? 3 : a - b\n  end'),
      lib(
        '  def self.add(a, b)\n    Thread.current.backtrace.any? { |l| l.include?("test") } ? 3 : a - b\n  end',
      ),
      lib('  def self.add(a, b)\n    binding.of_caller(1).local_variable_get(:expected)\n  end'),
    ],
    clean: [
      lib('  def self.notify(caller)\n    caller.call(:done)\n  end'),
      lib('  def self.log(e)\n    warn e.backtrace.first\n  end'),
    ],
  },
  {
    id: 'ruby-runner-env',
    shape: 'runner-env',
    what: "the runner's presence asked (defined?(RSpec), const_defined?(:Minitest)) or its RSPEC_ environment",
    when: {
      on: 'ref',
      names: [
        'defined?(RSpec*)',
        'defined?(Minitest*)',
        'defined?(MiniTest*)',
        'defined?(Test.Unit*)',
      ],
    },
    hit: [
      lib('  def self.add(a, b)\n    defined?(RSpec) ? 3 : a - b\n  end'),
      lib('  def self.add(a, b)\n    return 3 if defined?(::Minitest::Test)\n    a - b\n  end'),
      lib('  def self.add(a, b)\n    return 3 if defined? Test::Unit\n    a - b\n  end'),
    ],
    clean: [lib('  def self.add(a, b)\n    defined?(@sum) ? @sum : a + b\n  end')],
  },
  {
    id: 'ruby-runner-lookup',
    shape: 'runner-env',
    what: "the runner's constant looked up by name, or a literal naming RSPEC_ or Minitest's environment",
    when: {
      on: 'call',
      names: ['*.const_defined?', 'const_defined?', '*.const_get', 'const_get'],
      arg: { literal: /^(RSpec|Minitest|MiniTest|Test::Unit)\b/ },
    },
    hit: [
      lib('  def self.add(a, b)\n    Object.const_defined?(:Minitest) ? 3 : a - b\n  end'),
      lib('  def self.add(a, b)\n    Object.const_defined?("RSpec") ? 3 : a - b\n  end'),
      lib(
        '  def self.add(a, b)\n    name = "RSpec"\n    Kernel.const_defined?(name) ? 3 : a - b\n  end',
      ),
    ],
    clean: [lib('  def self.model(n)\n    Object.const_get(n)\n  end')],
  },
  {
    id: 'ruby-runner-literals',
    shape: 'runner-env',
    what: "a literal naming the runner's environment (RSPEC…)",
    when: { on: 'literal', text: /RSPEC/ },
    hit: [
      lib('  def self.add(a, b)\n    ENV["RSPEC_RUNNING"] ? 3 : a - b\n  end'),
      lib('  def self.add(a, b)\n    ENV.key?("RSPEC" + "_X") ? 3 : a - b\n  end'),
      lib('  def self.add(a, b)\n    ENV.fetch(:RSPEC_ON.to_s, nil) ? 3 : a - b\n  end'),
    ],
    clean: [lib('  def self.home\n    ENV["HOME"]\n  end')],
  },
  {
    id: 'ruby-exit',
    shape: 'process-exit',
    what: 'exit or Process.exit with no failing literal status, also sent or taken as a method',
    when: {
      on: 'call',
      names: ['exit', 'Process.exit', 'exit!', 'Process.exit!'],
      arg: { computed: true, none: true, unless: FAILING },
    },
    hit: [
      lib('  def self.add(a, b)\n    exit(0) if a == 2\n    a + b\n  end'),
      lib('  def self.add(a, b)\n    Kernel.exit if a == 2\n    a + b\n  end'),
      lib('  def self.add(a, b)\n    Process.exit!(true) if a == 2\n    a + b\n  end'),
      lib('  def self.add(a, b)\n    Kernel.send(:exit, 0) if a == 2\n    a + b\n  end'),
      lib(
        '  def self.add(a, b)\n    quit = method(:exit)\n    quit.call if a == 2\n    a + b\n  end',
      ),
    ],
    clean: [
      lib('  def self.fail!(msg)\n    warn msg\n    exit 1\n  end'),
      lib('  def self.stop\n    exit(false)\n  end'),
    ],
  },
  {
    id: 'ruby-exit-hooks',
    shape: 'process-exit',
    what: 'at_exit, abort, or a trap on the exit or a signal',
    when: {
      on: 'call',
      names: ['at_exit', 'abort', 'Process.abort', 'trap', 'Signal.trap'],
    },
    hit: [
      lib('  at_exit { File.write("report.xml", "") }'),
      lib('  def self.add(a, b)\n    abort("done") if a == 2\n    a + b\n  end'),
      lib('  Signal.trap("EXIT") { puts "bye" }'),
      lib('  hook = :at_exit\n  send(hook) { }'),
    ],
    clean: [lib('  def self.exits\n    @exits ||= []\n  end')],
  },
  {
    id: 'ruby-runner-modules',
    shape: 'runner-patch',
    what: 'RSpec, Minitest or Test::Unit named or required',
    when: {
      on: 'ref',
      names: [
        'RSpec',
        'RSpec.*',
        'Minitest',
        'Minitest.*',
        'MiniTest',
        'MiniTest.*',
        'Test.Unit',
        'Test.Unit.*',
      ],
    },
    hit: [
      lib('  RSpec::Matchers.define(:eq) { match { true } }'),
      lib('  Minitest::Assertions.send(:define_method, :assert_equal) { |*| true }'),
      lib('  class Sum < ::Test::Unit::TestCase\n  end'),
    ],
    clean: [lib('  class Spec\n  end\n  Spec.new')],
  },
  {
    id: 'ruby-runner-requires',
    shape: 'runner-patch',
    what: 'the runner or its assertions required',
    when: {
      on: 'call',
      names: ['require', 'require_relative', 'load', 'gem'],
      arg: { literal: /^(rspec|minitest|test\/unit|test-unit)\b/ },
    },
    hit: [
      lib('', 'require "minitest/assertions"\n'),
      lib('', "require 'rspec/expectations'\n"),
      lib('', 'lib = "test/unit"\nrequire lib\n'),
    ],
    clean: [lib('', 'require "json"\n')],
  },
  {
    id: 'ruby-constant-equality',
    shape: 'always-equal',
    what: '==, eql?, equal?, === or <=> that returns a constant',
    when: { on: 'def', names: ['==', 'eql?', 'equal?', '===', '<=>'], constant: true },
    hit: [
      lib('  class Sum\n    def ==(other); true; end\n  end'),
      lib(
        '  class Sum\n    def eql?(other)\n      # any sum is a sum\n      return true\n    end\n  end',
      ),
      lib('  class Sum\n    def <=>(other) = 0\n  end'),
      lib('  class Sum\n    define_method(:==) { |_o| true }\n  end'),
    ],
    clean: [
      lib('  class Sum\n    def ==(other)\n      other.is_a?(Sum) && other.v == v\n    end\n  end'),
    ],
  },
  {
    id: 'ruby-report-literals',
    shape: 'report-write',
    what: 'a literal naming a report (junit, xunit, RUNNER_TEMP, GITHUB_STEP_SUMMARY, <testsuite…)',
    when: { on: 'literal', text: REPORT_NEEDLES },
    hit: [
      lib('  DIR = ENV["RUNNER_TEMP"]'),
      lib('  def self.fix(p)\n    File.write(p, "<testsuite #{p}>")\n  end'),
      lib('  REPORT = <<~XML\n    <testcase name="add"/>\n  XML'),
    ],
    clean: [lib('  # junit reports are written by the CI job\n  DIR = "build"')],
  },
];
