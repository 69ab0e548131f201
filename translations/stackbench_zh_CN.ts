<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>sb</name>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>nothing is compared yet</source>
        <translation>尚未比较任何内容</translation>
    </message>
</context>
<context>
    <name>sb::CellState</name>
    <message>
        <source>pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>re-measured</source>
        <translation>已重测</translation>
    </message>
    <message>
        <source>invalid, will retry</source>
        <translation>无效，将重试</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>已阻止</translation>
    </message>
</context>
<context>
    <name>sb::CellsModel</name>
    <message>
        <source>2xx/s median over %1&apos;s; per CPU-second: %2</source>
        <translation>2xx/s 中位数相对 %1 之比；每 CPU 秒：%2</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>c</source>
        <translation>c</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>测量窗口</translation>
    </message>
    <message>
        <source>2xx/s median [min-max]</source>
        <translation>2xx/s 中位数 [最小-最大]</translation>
    </message>
    <message>
        <source>per CPU-s median [min-max]</source>
        <translation>每 CPU 秒中位数 [最小-最大]</translation>
    </message>
    <message>
        <source>Ratio to baseline</source>
        <translation>与基线之比</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>2xx/s ratio %1, t test p = %2%3</source>
        <translation>2xx/s 比值 %1，t 检验 p = %2%3</translation>
    </message>
    <message>
        <source>Peak RSS of the server tree over the valid windows (PSS %1); the tree&apos;s age: %2</source>
        <translation>服务器进程树在有效测量窗口中的 RSS 峰值（PSS %1）；进程树年龄：%2</translation>
    </message>
    <message>
        <source>Peak RSS median [min-max]</source>
        <translation>RSS 峰值中位数 [最小-最大]</translation>
    </message>
</context>
<context>
    <name>sb::ChartExportMenu</name>
    <message>
        <source>Chart as &amp;PNG…</source>
        <translation>图表导出为 &amp;PNG…</translation>
    </message>
    <message>
        <source>Chart as &amp;SVG…</source>
        <translation>图表导出为 &amp;SVG…</translation>
    </message>
    <message>
        <source>Chart as P&amp;DF…</source>
        <translation>图表导出为 P&amp;DF…</translation>
    </message>
    <message>
        <source>“%1” as &amp;%2…</source>
        <translation>将“%1”导出为 &amp;%2…</translation>
    </message>
</context>
<context>
    <name>sb::ChartPanel</name>
    <message>
        <source>Chart caption</source>
        <translation>图表标题</translation>
    </message>
    <message>
        <source>Log latency axis</source>
        <translation>对数延迟轴</translation>
    </message>
    <message>
        <source>1/s</source>
        <translation>1/s</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>cores</source>
        <translation>核</translation>
    </message>
    <message>
        <source>% of a core</source>
        <translation>单核的 %</translation>
    </message>
    <message>
        <source>2xx/s</source>
        <translation>2xx/s</translation>
    </message>
    <message>
        <source>non-2xx/s</source>
        <translation>非 2xx/s</translation>
    </message>
    <message>
        <source>errors/s</source>
        <translation>错误/s</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>server tree</source>
        <translation>服务器进程树</translation>
    </message>
    <message>
        <source>generator</source>
        <translation>负载生成器</translation>
    </message>
    <message>
        <source>database (excluded)</source>
        <translation>数据库（不计入）</translation>
    </message>
    <message>
        <source>server RSS, MiB</source>
        <translation>服务器 RSS，MiB</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>foreign CPU</source>
        <translation>外部 CPU</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>seconds since the window started</source>
        <translation>自测量窗口开始的秒数</translation>
    </message>
    <message>
        <source>gate %1 %</source>
        <translation>门限 %1 %</translation>
    </message>
    <message>
        <source>earlier rounds</source>
        <translation>之前各轮</translation>
    </message>
    <message>
        <source>%1 (window mean)</source>
        <translation>%1（测量窗口均值）</translation>
    </message>
    <message>
        <source>%1 generator</source>
        <translation>%1 负载生成器</translation>
    </message>
</context>
<context>
    <name>sb::ChartView</name>
    <message>
        <source>Export as %1…</source>
        <translation>导出为 %1…</translation>
    </message>
    <message>
        <source>Export the chart</source>
        <translation>导出图表</translation>
    </message>
</context>
<context>
    <name>sb::CheckController</name>
    <message>
        <source>A check is going on; wait for it or stop it first.</source>
        <translation>正在进行检查；请等待其完成或先停止它。</translation>
    </message>
</context>
<context>
    <name>sb::CheckView</name>
    <message>
        <source>Check results</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Check summary</source>
        <translation>检查摘要</translation>
    </message>
    <message>
        <source>Check (F7) starts each configuration, waits for it to be ready, runs the plan&apos;s parity checks against it and stops it.</source>
        <translation>检查（F7）会依次启动每个配置，等待其就绪，对其运行计划中的一致性检查，然后停止它。</translation>
    </message>
    <message>
        <source>Parity checks</source>
        <translation>一致性检查</translation>
    </message>
    <message>
        <source>Response of the selected check</source>
        <translation>所选检查的响应</translation>
    </message>
    <message>
        <source>%1 -&gt; %2</source>
        <translation>%1 -&gt; %2</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>The check reports the status and what differed, not the response headers and body.</source>
        <translation>检查只报告状态码和不一致之处，不包含响应头和响应体。</translation>
    </message>
</context>
<context>
    <name>sb::CodeEditor</name>
    <message>
        <source>Plan editor</source>
        <translation>计划编辑器</translation>
    </message>
    <message>
        <source>The plan&apos;s JSON text</source>
        <translation>计划的 JSON 文本</translation>
    </message>
    <message>
        <source>Go to line</source>
        <translation>转到行</translation>
    </message>
    <message>
        <source>Line (1 to %1):</source>
        <translation>行号（1 到 %1）：</translation>
    </message>
</context>
<context>
    <name>sb::ColdStartModel</name>
    <message>
        <source>exec to accepting connections: %1</source>
        <translation>exec 到接受连接：%1</translation>
    </message>
    <message>
        <source>PSS at ready: %1</source>
        <translation>就绪时 PSS：%1</translation>
    </message>
    <message>
        <source>Starts of the configuration&apos;s server tree that became ready</source>
        <translation>该配置的服务器进程树达到就绪的启动次数</translation>
    </message>
    <message>
        <source>From the server&apos;s exec to the readiness probe&apos;s expected answer: median [min-max] over the starts</source>
        <translation>从服务器 exec 到就绪探测得到预期响应：各次启动的中位数 [最小-最大]</translation>
    </message>
    <message>
        <source>The whole tree&apos;s resident memory when it became ready: median [min-max] over the starts</source>
        <translation>进程树整体在就绪时的常驻内存：各次启动的中位数 [最小-最大]</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Starts</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <source>Exec → ready</source>
        <translation>Exec → 就绪</translation>
    </message>
    <message>
        <source>RSS at ready</source>
        <translation>就绪时 RSS</translation>
    </message>
</context>
<context>
    <name>sb::CompareColdStart</name>
    <message>
        <source>Cold start</source>
        <translation>冷启动</translation>
    </message>
</context>
<context>
    <name>sb::CompareModel</name>
    <message>
        <source>%1-bound</source>
        <translation>受 %1 限制</translation>
    </message>
    <message>
        <source>%1 (+%2 invalid)</source>
        <translation>%1（另 %2 个无效）</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>The cell&apos;s bound and where its configuration&apos;s throughput stopped growing with concurrency</source>
        <translation>该单元受何限制，以及其配置的吞吐量在何种并发下不再增长</translation>
    </message>
    <message>
        <source>What differs from the baseline run: machine, CPU, kernel, Stackbench revision or plan</source>
        <translation>与基线运行的差异：机器、CPU、内核、Stackbench 版本或计划</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>c</source>
        <translation>c</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>测量窗口</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>核数</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>2xx/s
median [min-max]</source>
        <translation>2xx/s
中位数 [最小-最大]</translation>
    </message>
    <message>
        <source>per CPU-s
median [min-max]</source>
        <translation>每 CPU 秒
中位数 [最小-最大]</translation>
    </message>
    <message>
        <source>Ratio per CPU-s
[95 % CI]</source>
        <translation>每 CPU 秒之比
[95% 置信区间]</translation>
    </message>
    <message>
        <source>Ratio 2xx/s
[95 % CI]</source>
        <translation>2xx/s 之比
[95% 置信区间]</translation>
    </message>
    <message>
        <source>Noise
floor</source>
        <translation>噪声底</translation>
    </message>
    <message>
        <source>Where the
ceiling is</source>
        <translation>瓶颈
所在</translation>
    </message>
    <message>
        <source>Not like
for like</source>
        <translation>不可直接
比较</translation>
    </message>
    <message>
        <source>The baseline of the memory comparison; its tree&apos;s age: %1</source>
        <translation>内存比较的基线；其进程树的年龄：%1</translation>
    </message>
    <message>
        <source>No baseline cell to compare the memory with</source>
        <translation>没有可用于比较内存的基线单元</translation>
    </message>
    <message>
        <source>%1 of the baseline run</source>
        <translation>基线运行中的 %1</translation>
    </message>
    <message>
        <source>Peak RSS
median [min-max]</source>
        <translation>RSS 峰值
中位数 [最小-最大]</translation>
    </message>
    <message>
        <source>Peak PSS
median [min-max]</source>
        <translation>PSS 峰值
中位数 [最小-最大]</translation>
    </message>
    <message>
        <source>Tree age</source>
        <translation>进程树年龄</translation>
    </message>
    <message>
        <source>Faster or slower only when a t test on the logs of the windows&apos; values (the cells of a configuration judged together, paired by round) gives p &lt; %1 and the ratio is at least %2 % from 1, or beyond the A/A noise floor when one was measured.</source>
        <translation>仅当对窗口值取对数后的 t 检验（同一配置的单元一起判断，按轮次配对）给出 p &lt; %1 且比值偏离 1 至少 %2 %，或在测得 A/A 噪声底时超出该噪声底，才判为更快或更慢。</translation>
    </message>
    <message>
        <source>Across runs, also outside the drift that the cells both runs share show (inside it: &apos;inside the drift&apos;).</source>
        <translation>跨运行比较时，还须超出两次运行共有单元所显示的漂移（在其内：“在漂移范围内”）。</translation>
    </message>
    <message>
        <source>t test on the logs, %1: p = %2 (%3 vs %4 windows)</source>
        <translation>对数 t 检验，%1：p = %2（%3 对 %4 个窗口）</translation>
    </message>
    <message>
        <source>paired by round</source>
        <translation>按轮次配对</translation>
    </message>
    <message>
        <source>unpaired</source>
        <translation>不配对</translation>
    </message>
    <message>
        <source>Ratio of the cell&apos;s median to the baseline&apos;s, with its 95 % interval (Student&apos;s t on the logs of the windows&apos; values, the noise pooled over the configuration&apos;s cells) when the windows support one</source>
        <translation>该单元中位数与基线中位数之比，窗口数足够时附 95 % 区间（对窗口值取对数的 Student t，噪声在该配置的各单元间合并）</translation>
    </message>
</context>
<context>
    <name>sb::ComparePage</name>
    <message>
        <source>Tick two or more runs to compare them cell by cell, or one run to compare its configurations.</source>
        <translation>勾选两次或更多运行以逐单元比较，或勾选一次运行以比较其中的配置。</translation>
    </message>
    <message>
        <source>Stored runs</source>
        <translation>已存储的运行</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Valid/all</source>
        <translation>有效/全部</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>Tick the runs to compare; the first ticked is the baseline.</source>
        <translation>勾选要比较的运行；第一个勾选的为基线。</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Noise floor from an A/A run</source>
        <translation>来自 A/A 运行的噪声底</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>2xx/s</source>
        <translation>2xx/s</translation>
    </message>
    <message>
        <source>per CPU-second</source>
        <translation>每 CPU 秒</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Route of the charts</source>
        <translation>图表的路由</translation>
    </message>
    <message>
        <source>Concurrency of the charts</source>
        <translation>图表的并发</translation>
    </message>
    <message>
        <source>Box plots</source>
        <translation>箱线图</translation>
    </message>
    <message>
        <source>Against concurrency</source>
        <translation>随并发变化</translation>
    </message>
    <message>
        <source>Percentiles</source>
        <translation>百分位</translation>
    </message>
    <message>
        <source>Timelines</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Chart written to %1</source>
        <translation>图表已写入 %1</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>基线：</translation>
    </message>
    <message>
        <source>Noise floor from A/A run:</source>
        <translation>来自 A/A 运行的噪声底：</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Charts of route</source>
        <translation>图表：路由</translation>
    </message>
    <message>
        <source>at</source>
        <translation>并发</translation>
    </message>
    <message>
        <source>(pick a row of the table; right-click a chart to export it)</source>
        <translation>（在表格中选择一行；右键单击图表可将其导出）</translation>
    </message>
    <message>
        <source>Export c&amp;hart</source>
        <translation>导出图表(&amp;H)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>&amp;HTML report of run %1…</source>
        <translation>运行 %1 的 &amp;HTML 报告…</translation>
    </message>
    <message>
        <source>Export the HTML report</source>
        <translation>导出 HTML 报告</translation>
    </message>
    <message>
        <source>HTML page (*.html)</source>
        <translation>HTML 页面 (*.html)</translation>
    </message>
    <message>
        <source>No run is stored in %1 yet: runs appear here once measured.</source>
        <translation>%1 中尚未存储任何运行：运行测量完成后会显示在此处。</translation>
    </message>
    <message>
        <source>%1 (A/A)</source>
        <translation>%1（A/A）</translation>
    </message>
    <message>
        <source>Cannot list the runs: %1</source>
        <translation>无法列出运行：%1</translation>
    </message>
    <message>
        <source>Reading run %1…</source>
        <translation>正在读取运行 %1…</translation>
    </message>
    <message>
        <source>Comparing %1 runs against %2…</source>
        <translation>正在将 %1 次运行与 %2 比较…</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>无法比较：%1</translation>
    </message>
    <message>
        <source>Not like for like:
%1</source>
        <translation>不可直接比较：
%1</translation>
    </message>
    <message>
        <source>noise floor %1 % (%2)</source>
        <translation>噪声底 %1 %（%2）</translation>
    </message>
    <message>
        <source>no noise floor known</source>
        <translation>噪声底未知</translation>
    </message>
    <message>
        <source>%1 runs against run %2; %3. Read and compared in %4 ms, shown in %5 ms.</source>
        <translation>%1 次运行对比运行 %2；%3。读取并比较用时 %4 毫秒，显示用时 %5 毫秒。</translation>
    </message>
    <message>
        <source>Configurations of run %1 against %2; %3. Read in %4 ms, shown in %5 ms.</source>
        <translation>运行 %1 的配置对比 %2；%3。读取用时 %4 毫秒，显示用时 %5 毫秒。</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>no chart is shown</source>
        <translation>未显示图表</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Export the comparison as HTML</source>
        <translation>将比较导出为 HTML</translation>
    </message>
    <message>
        <source>&amp;HTML of this comparison (%1 runs against run %2)…</source>
        <translation>此比较的 &amp;HTML（%1 次运行对比运行 %2）…</translation>
    </message>
    <message>
        <source>&amp;HTML of the comparison…</source>
        <translation>比较的 &amp;HTML…</translation>
    </message>
    <message>
        <source>the comparison of %1 runs</source>
        <translation>%1 次运行的比较</translation>
    </message>
    <message>
        <source>the HTML report of run %1</source>
        <translation>运行 %1 的 HTML 报告</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
    <message>
        <source>Wrote %1 to %2</source>
        <translation>已将 %1 写入 %2</translation>
    </message>
    <message>
        <source>HTML not written: %1</source>
        <translation>未写入 HTML：%1</translation>
    </message>
    <message numerus="yes">
        <source>Not like for like:
%1
… and %n more (hover here for all of them)</source>
        <translation>
            <numerusform>不可同等比较：
%1
… 以及另外 %n 项（悬停此处查看全部）</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU profiles</source>
        <translation>CPU 剖析</translation>
    </message>
    <message>
        <source>Cold start</source>
        <translation>冷启动</translation>
    </message>
</context>
<context>
    <name>sb::CompareProfiles</name>
    <message>
        <source>Profile A (baseline)</source>
        <translation>CPU 剖析 A（基线）</translation>
    </message>
    <message>
        <source>Profile B</source>
        <translation>CPU 剖析 B</translation>
    </message>
    <message>
        <source>Differential flame graph of</source>
        <translation>差分火焰图：</translation>
    </message>
    <message>
        <source>against</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>%1 · %2 · c=%3</source>
        <translation>%1 · %2 · c=%3</translation>
    </message>
    <message>
        <source>Tick runs to compare their CPU profiles.</source>
        <translation>勾选运行以比较它们的 CPU 剖析。</translation>
    </message>
    <message>
        <source>None of the compared runs has a CPU profile: profile cells when you run a plan, then compare them here.</source>
        <translation>所比较的运行都没有 CPU 剖析：运行计划时对单元进行剖析，然后在这里比较。</translation>
    </message>
    <message>
        <source>No CPU profile to show.</source>
        <translation>没有可显示的 CPU 剖析。</translation>
    </message>
    <message>
        <source>Pick two profiles above.</source>
        <translation>请在上方选择两个剖析。</translation>
    </message>
</context>
<context>
    <name>sb::DiagnosticsModel</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>%1 at line %2, column %3: %4</source>
        <translation>%1 位于第 %2 行第 %3 列：%4</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>JSON path</source>
        <translation>JSON 路径</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>sb::FindBar</name>
    <message>
        <source>Match &amp;case</source>
        <translation>区分大小写(&amp;C)</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>Find next</source>
        <translation>查找下一个</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Find previous</source>
        <translation>查找上一个</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Replace this match</source>
        <translation>替换此匹配项</translation>
    </message>
    <message>
        <source>Replace all</source>
        <translation>全部替换</translation>
    </message>
    <message>
        <source>Replace every match</source>
        <translation>替换所有匹配项</translation>
    </message>
    <message>
        <source>Replace with:</source>
        <translation>替换为：</translation>
    </message>
    <message>
        <source>Find and replace</source>
        <translation>查找和替换</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <source>Text to find</source>
        <translation>要查找的文本</translation>
    </message>
    <message>
        <source>Replacement</source>
        <translation>替换内容</translation>
    </message>
    <message>
        <source>Replacement text</source>
        <translation>替换文本</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>Find status</source>
        <translation>查找状态</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>Close the find bar</source>
        <translation>关闭查找栏</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>Wrapped</source>
        <translation>已从头开始</translation>
    </message>
    <message numerus="yes">
        <source>%n replaced</source>
        <translation>
            <numerusform>已替换 %n 处</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sb::FlameGraphWidget</name>
    <message numerus="yes">
        <source>%Ln sample(s)</source>
        <translation>
            <numerusform>%Ln 个样本</numerusform>
        </translation>
    </message>
    <message>
        <source>Flame graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>The profile holds no sample.</source>
        <translation>该剖析不含任何样本。</translation>
    </message>
    <message>
        <source>Neither profile holds a sample.</source>
        <translation>两个剖析都不含样本。</translation>
    </message>
    <message>
        <source>No profile is shown.</source>
        <translation>未显示剖析。</translation>
    </message>
    <message>
        <source>all samples</source>
        <translation>全部样本</translation>
    </message>
    <message>
        <source>%1
%2: %3 (%4)
%5: %6 (%7)</source>
        <translation>%1
%2：%3（%4）
%5：%6（%7）</translation>
    </message>
    <message>
        <source>change %1; self %2 → %3</source>
        <translation>变化 %1；自身 %2 → %3</translation>
    </message>
    <message>
        <source>%1
%2, total %3 of all samples
self %4 (%5)</source>
        <translation>%1
%2，总计占全部样本的 %3
自身 %4（%5）</translation>
    </message>
    <message>
        <source>B against A, each as shares of its own samples: blue a smaller share in B, red a larger one (full colour at %1); width: the mean of the two</source>
        <translation>B 对比 A，各按自身样本的占比：蓝色表示在 B 中占比更小，红色表示更大（%1 时为全色）；宽度：两者的平均值</translation>
    </message>
</context>
<context>
    <name>sb::HistoryPage</name>
    <message>
        <source>&amp;Markdown report…</source>
        <translation>&amp;Markdown 报告…</translation>
    </message>
    <message>
        <source>&amp;CSV report…</source>
        <translation>&amp;CSV 报告…</translation>
    </message>
    <message>
        <source>&amp;JSON report…</source>
        <translation>&amp;JSON 报告…</translation>
    </message>
    <message>
        <source>&amp;Full export (JSON, for stackbench import)…</source>
        <translation>完整导出(&amp;F)（JSON，供 stackbench import 使用）…</translation>
    </message>
    <message>
        <source>Store %1</source>
        <translation>存储 %1</translation>
    </message>
    <message>
        <source>&amp;Open run</source>
        <translation>打开运行(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Resume run</source>
        <translation>继续运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Import run…</source>
        <translation>导入运行(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Delete run…</source>
        <translation>删除运行(&amp;D)…</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>刷新(&amp;F)</translation>
    </message>
    <message>
        <source>S&amp;witch store…</source>
        <translation>切换存储(&amp;W)…</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Store</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>E&amp;xport run</source>
        <translation>导出运行(&amp;X)</translation>
    </message>
    <message>
        <source>Filter runs</source>
        <translation>筛选运行</translation>
    </message>
    <message>
        <source>Filter: plan, profile, machine, kernel, revision, run…</source>
        <translation>筛选：计划、方案、机器、内核、版本、运行…</translation>
    </message>
    <message>
        <source>Status filter</source>
        <translation>状态筛选</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <source>Run actions</source>
        <translation>运行操作</translation>
    </message>
    <message>
        <source>Export run</source>
        <translation>导出运行</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Stored runs</source>
        <translation>已存储的运行</translation>
    </message>
    <message>
        <source>Select a run to see its details.</source>
        <translation>选择一次运行以查看其详情。</translation>
    </message>
    <message>
        <source>cannot read the runs: %1</source>
        <translation>无法读取运行：%1</translation>
    </message>
    <message>
        <source>no run store there yet: a run or an import creates it</source>
        <translation>该处尚无运行存储：运行或导入时会创建</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n 次运行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n run(s) shown</source>
        <translation>
            <numerusform>显示 %n 次运行中的 %1 次</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading run %1…</source>
        <translation>正在加载运行 %1…</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export run %1</source>
        <translation>导出运行 %1</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>exporting run %1 to %2…</source>
        <translation>正在将运行 %1 导出到 %2…</translation>
    </message>
    <message>
        <source>Import runs</source>
        <translation>导入运行</translation>
    </message>
    <message>
        <source>Stackbench exports (*.json);;All files (*)</source>
        <translation>Stackbench 导出文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Delete run %1 (%2, profile %3, started %4)?

This removes its %n stored window(s) from the store, with their intervals, samples and histograms, and the run&apos;s events and server logs. It cannot be undone; export the run first to keep a copy.</source>
        <translation>
            <numerusform>删除运行 %1（%2，方案 %3，开始于 %4）吗？

这将从存储中删除其 %n 个已存储的测量窗口及其间隔、采样和直方图，以及该运行的事件和服务器日志。此操作无法撤销；如需保留副本，请先导出该运行。</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete run</source>
        <translation>删除运行</translation>
    </message>
    <message>
        <source>deleting run %1…</source>
        <translation>正在删除运行 %1…</translation>
    </message>
    <message>
        <source>opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>cannot switch to %1: %2</source>
        <translation>无法切换到 %1：%2</translation>
    </message>
    <message>
        <source>switched to %1 (no store there yet)</source>
        <translation>已切换到 %1（该处尚无存储）</translation>
    </message>
    <message>
        <source>switched to %1</source>
        <translation>已切换到 %1</translation>
    </message>
    <message>
        <source>import failed: %1</source>
        <translation>导入失败：%1</translation>
    </message>
    <message>
        <source>export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>delete failed: %1</source>
        <translation>删除失败：%1</translation>
    </message>
    <message>
        <source>imported run %1 from %2</source>
        <translation>已从 %2 导入运行 %1</translation>
    </message>
    <message>
        <source>wrote run %1 to %2</source>
        <translation>已将运行 %1 写入 %2</translation>
    </message>
    <message>
        <source>deleted run %1</source>
        <translation>已删除运行 %1</translation>
    </message>
    <message>
        <source>&amp;HTML report…</source>
        <translation>&amp;HTML 报告…</translation>
    </message>
    <message>
        <source>HTML page (*.html)</source>
        <translation>HTML 页面 (*.html)</translation>
    </message>
    <message>
        <source>Re&amp;try failed cells</source>
        <translation>重试失败的单元(&amp;T)</translation>
    </message>
    <message>
        <source>Measure the cells that ran out of retries again, with a fresh retry budget (stackbench resume RUN --retry-failed)</source>
        <translation>以全新的重试次数重新测量已用完重试次数的单元（stackbench resume RUN --retry-failed）</translation>
    </message>
    <message>
        <source>Retry failed</source>
        <translation>重试失败单元</translation>
    </message>
</context>
<context>
    <name>sb::LiveTiles</name>
    <message>
        <source>2xx/s</source>
        <translation>2xx/s</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>in flight</source>
        <translation>未完成请求</translation>
    </message>
    <message>
        <source>cores: server / generator</source>
        <translation>核：服务器 / 负载生成器</translation>
    </message>
    <message>
        <source>foreign CPU: busiest processes</source>
        <translation>外部 CPU：最繁忙的进程</translation>
    </message>
    <message>
        <source>window</source>
        <translation>测量窗口</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>so far</source>
        <translation>目前</translation>
    </message>
    <message>
        <source>%1 %2; earlier %3 ±%4 %</source>
        <translation>%1 %2；此前 %3 ±%4 %</translation>
    </message>
    <message>
        <source>last interval</source>
        <translation>最近一个间隔</translation>
    </message>
    <message>
        <source>%1; earlier %2 ±%3 %</source>
        <translation>%1；此前 %2 ±%3 %</translation>
    </message>
    <message>
        <source>of %1 responses</source>
        <translation>共 %1 个响应</translation>
    </message>
    <message>
        <source>draining</source>
        <translation>排空中</translation>
    </message>
    <message>
        <source>c=%1</source>
        <translation>c=%1</translation>
    </message>
    <message>
        <source>generator saturated: %1 threads near a full core each</source>
        <translation>负载生成器已饱和：%1 个线程各自接近占满一个核</translation>
    </message>
    <message numerus="yes">
        <source>%n load thread(s)</source>
        <translation>
            <numerusform>%n 个负载线程</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>no process above 0.05 cores</source>
        <translation>没有进程超过 0.05 核</translation>
    </message>
    <message>
        <source>cores each, last interval</source>
        <translation>各进程核数，最近一个间隔</translation>
    </message>
    <message>
        <source>generator on %1 saturated: %2 cores of its %3 threads</source>
        <translation>%1 上的负载生成器已饱和：其 %3 个线程用了 %2 个核</translation>
    </message>
    <message>
        <source>generators, window mean: %1</source>
        <translation>负载生成器，测量窗口均值：%1</translation>
    </message>
    <message>
        <source>load from %1: each host&apos;s cores once measuring</source>
        <translation>负载来自 %1：开始测量后给出每台主机的核数</translation>
    </message>
</context>
<context>
    <name>sb::LoadController</name>
    <message>
        <source>enter a URL like http://127.0.0.1:8080/health</source>
        <translation>请输入 URL，例如 http://127.0.0.1:8080/health</translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <translation>必须是 %1 之一</translation>
    </message>
    <message>
        <source>must be above 0</source>
        <translation>必须大于 0</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 个请求</translation>
    </message>
    <message>
        <source>%1s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Running %1 test @ %2</source>
        <translation>正在对 %2 运行 %1 测试</translation>
    </message>
    <message>
        <source>  %1 threads and %2 connections, %3</source>
        <translation>  %1 个线程，%2 个连接，%3</translation>
    </message>
    <message>
        <source>open loop at %1 req/s</source>
        <translation>开环，%1 请求/秒</translation>
    </message>
    <message>
        <source>closed loop</source>
        <translation>闭环</translation>
    </message>
    <message>
        <source>  Latency %1  avg %2   stdev %3   max %4</source>
        <translation>  延迟 %1  平均 %2   标准差 %3   最大 %4</translation>
    </message>
    <message>
        <source>(corrected)</source>
        <translation>（已校正）</translation>
    </message>
    <message>
        <source>  Latency Distribution</source>
        <translation>  延迟分布</translation>
    </message>
    <message>
        <source>  Uncorrected p50 %1, p99 %2; late requests: %3</source>
        <translation>  未校正 p50 %1，p99 %2；延迟发出的请求：%3</translation>
    </message>
    <message>
        <source>  %1 requests in %2s, %3 bytes read</source>
        <translation>  %2 秒内 %1 个请求，读取 %3 字节</translation>
    </message>
    <message>
        <source>  Non-2xx responses: %1 (%2)</source>
        <translation>  非 2xx 响应：%1（%2）</translation>
    </message>
    <message>
        <source>  Socket errors: connect %1, read %2, write %3, timeout %4, parse %5</source>
        <translation>  套接字错误：连接 %1，读取 %2，写入 %3，超时 %4，解析 %5</translation>
    </message>
    <message>
        <source>  Reconnects: %1</source>
        <translation>  重新连接：%1</translation>
    </message>
    <message>
        <source>Requests/sec: %1</source>
        <translation>请求/秒：%1</translation>
    </message>
    <message>
        <source>2xx/sec:      %1</source>
        <translation>2xx/秒：%1</translation>
    </message>
    <message>
        <source>Client CPU:   %1s (%2 cores)</source>
        <translation>客户端 CPU：%1 秒（%2 核）</translation>
    </message>
    <message>
        <source>Server tree:  %1 cores, %2 2xx per CPU-second, peak RSS %3 MiB (%4, pid %5)</source>
        <translation>服务器进程树：%1 核，每 CPU 秒 %2 个 2xx，RSS 峰值 %3 MiB（%4，pid %5）</translation>
    </message>
    <message>
        <source>Aborted: %1</source>
        <translation>已中止：%1</translation>
    </message>
    <message>
        <source>Interrupted: the numbers cover the time until the interruption.</source>
        <translation>已中断：数据仅涵盖中断之前的时间。</translation>
    </message>
    <message>
        <source>A quick test is going on; stop it first.</source>
        <translation>正在进行快速测试；请先停止它。</translation>
    </message>
    <message>
        <source>Cannot sample process %1: %2</source>
        <translation>无法采样进程 %1：%2</translation>
    </message>
    <message>
        <source>give a CA file or Insecure, not both</source>
        <translation>请给出 CA 文件或选择“不安全”，不能两者都选</translation>
    </message>
    <message>
        <source>cannot read &quot;%1&quot;: %2</source>
        <translation>无法读取 &quot;%1&quot;：%2</translation>
    </message>
    <message>
        <source>  TLS errors: handshake %1, certificate %2, alert %3, closed without close_notify %4</source>
        <translation>  TLS 错误：握手 %1，证书 %2，警报 %3，未发送 close_notify 即关闭 %4</translation>
    </message>
    <message>
        <source>TLS: %1</source>
        <translation>TLS：%1</translation>
    </message>
    <message>
        <source>must be between 1 and %1</source>
        <translation>必须在 1 到 %1 之间</translation>
    </message>
</context>
<context>
    <name>sb::MainWindow</name>
    <message>
        <source>H&amp;istory</source>
        <translation>历史(&amp;I)</translation>
    </message>
    <message>
        <source>Stackbench</source>
        <translation>Stackbench</translation>
    </message>
    <message>
        <source>Open a plan (Ctrl+O) or start one from a template (Ctrl+N).</source>
        <translation>打开一个计划（Ctrl+O），或从模板新建一个（Ctrl+N）。</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Quick test</source>
        <translation>快速测试</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>&amp;New plan from a template…</source>
        <translation>从模板新建计划(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>R&amp;eplace…</source>
        <translation>替换(&amp;E)…</translation>
    </message>
    <message>
        <source>Find &amp;next</source>
        <translation>查找下一个(&amp;N)</translation>
    </message>
    <message>
        <source>Find &amp;previous</source>
        <translation>查找上一个(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Go to line…</source>
        <translation>转到行(&amp;G)…</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>检查(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Resume…</source>
        <translation>继续(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;About Stackbench</source>
        <translation>关于 Stackbench(&amp;A)</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>About Stackbench</source>
        <translation>关于 Stackbench</translation>
    </message>
    <message>
        <source>Stackbench %1
Fair benchmarks of complete HTTP server stacks.</source>
        <translation>Stackbench %1
对完整 HTTP 服务器栈进行公平的基准测试。</translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translation>计划(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quick test</source>
        <translation>快速测试(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>历史(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>The language changes when Stackbench restarts.</source>
        <translation>语言将在重新启动 Stackbench 后更改。</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Problems (%1)</source>
        <translation>问题（%1）</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Check results</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>New plan from the template %1: %2</source>
        <translation>已从模板 %1 新建计划：%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Looking for an interrupted run of this plan…</source>
        <translation>正在查找此计划被中断的运行…</translation>
    </message>
    <message>
        <source>A run is going on</source>
        <translation>正在运行</translation>
    </message>
    <message>
        <source>Stop the run and close? The window being measured is not stored; the run can be resumed later.</source>
        <translation>停止运行并关闭吗？当前测量窗口不会被存储；该运行之后可以继续。</translation>
    </message>
    <message>
        <source>Stopping the run, then closing…</source>
        <translation>正在停止运行，随后关闭…</translation>
    </message>
    <message>
        <source>Preferences saved.</source>
        <translation>首选项已保存。</translation>
    </message>
    <message>
        <source>Preferen&amp;ces…</source>
        <translation>首选项(&amp;C)…</translation>
    </message>
    <message>
        <source>Retr&amp;y failed cells…</source>
        <translation>重试失败的单元(&amp;Y)…</translation>
    </message>
    <message>
        <source>Retry failed</source>
        <translation>重试失败单元</translation>
    </message>
    <message>
        <source>Measure the failed cells of the newest run of this plan again, with a fresh retry budget</source>
        <translation>以全新的重试次数重新测量此计划最新一次运行中失败的单元</translation>
    </message>
    <message>
        <source>Quick test kept in history as run %1</source>
        <translation>快速测试已作为运行 %1 保留到历史</translation>
    </message>
</context>
<context>
    <name>sb::MatrixModel</name>
    <message>
        <source> (attempt %1)</source>
        <translation>（第 %1 次尝试）</translation>
    </message>
    <message>
        <source>2xx/s: %1</source>
        <translation>2xx/s：%1</translation>
    </message>
    <message>
        <source>p99: %1</source>
        <translation>p99：%1</translation>
    </message>
    <message>
        <source>cores: %1</source>
        <translation>核：%1</translation>
    </message>
    <message>
        <source>per CPU-second: %1</source>
        <translation>每 CPU 秒：%1</translation>
    </message>
    <message>
        <source>flags: %1</source>
        <translation>标记：%1</translation>
    </message>
    <message>
        <source>Double-click to open its timeline.</source>
        <translation>双击打开其时间线。</translation>
    </message>
    <message>
        <source>reason: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>已阻止</translation>
    </message>
    <message>
        <source>c=%1 r%2</source>
        <translation>c=%1 第%2轮</translation>
    </message>
    <message>
        <source>concurrency %1, round %2</source>
        <translation>并发 %1，第 %2 轮</translation>
    </message>
    <message>
        <source>%1 - %2</source>
        <translation>%1 - %2</translation>
    </message>
    <message>
        <source>configuration %1, route %2</source>
        <translation>配置 %1，路由 %2</translation>
    </message>
</context>
<context>
    <name>sb::MatrixView</name>
    <message>
        <source>Matrix grid</source>
        <translation>矩阵网格</translation>
    </message>
</context>
<context>
    <name>sb::OutlineModel</name>
    <message>
        <source>Configurations (%1 of %2)</source>
        <translation>配置（%1 / %2）</translation>
    </message>
    <message>
        <source>Routes (%1 of %2)</source>
        <translation>路由（%1 / %2）</translation>
    </message>
    <message>
        <source>Concurrency of profile %1</source>
        <translation>方案 %1 的并发</translation>
    </message>
    <message numerus="yes">
        <source>%n connection(s)</source>
        <translation>
            <numerusform>%n 个连接</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1，地址 %2</translation>
    </message>
    <message>
        <source>%1 %2, expects %3</source>
        <translation>%1 %2，期望 %3</translation>
    </message>
    <message>
        <source>Hosts (%1); the load runs on this machine</source>
        <translation>主机（%1）；负载在本机产生</translation>
    </message>
    <message numerus="yes">
        <source>Load from %n host(s)</source>
        <translation>
            <numerusform>负载来自 %n 台主机</numerusform>
        </translation>
    </message>
    <message>
        <source>The plan&apos;s &quot;hosts&quot;, reached over ssh; its &quot;load&quot;: {&quot;hosts&quot;: [...]} splits each window&apos;s connections (or rate) among them</source>
        <translation>计划的 &quot;hosts&quot;，通过 ssh 访问；其 &quot;load&quot;: {&quot;hosts&quot;: [...]} 把每个测量窗口的连接（或速率）分给它们</translation>
    </message>
    <message>
        <source>Its load comes from %1, each host with its share of the connections (or of the rate)</source>
        <translation>其负载来自 %1，每台主机承担一部分连接（或速率）</translation>
    </message>
    <message>
        <source>This machine: a load agent started here beside the other hosts&apos;</source>
        <translation>本机：在此启动的负载代理，与其他主机的代理一起工作</translation>
    </message>
    <message>
        <source>ssh %1 %2, then %3 agent there</source>
        <translation>ssh %1 %2，然后在那里运行 %3 agent</translation>
    </message>
    <message>
        <source>%1: ssh %2 - no load from it</source>
        <translation>%1：ssh %2 - 不从此主机产生负载</translation>
    </message>
    <message>
        <source>Runs on host %1: its agent there starts, samples and stops the server&apos;s tree; the load reaches it over the network</source>
        <translation>运行在主机 %1 上：那里的代理启动、采样并停止服务器进程树；负载经网络到达</translation>
    </message>
    <message>
        <source>%1: ssh %2 - runs %3</source>
        <translation>%1：ssh %2 - 运行 %3</translation>
    </message>
</context>
<context>
    <name>sb::OutlineView</name>
    <message>
        <source>Outline</source>
        <translation>大纲</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>The profile to run: rounds, concurrency levels and window lengths</source>
        <translation>要运行的方案：轮数、并发级别和窗口长度</translation>
    </message>
    <message>
        <source>Configurations and routes to run</source>
        <translation>要运行的配置和路由</translation>
    </message>
    <message>
        <source>Windows to measure</source>
        <translation>待测的测量窗口</translation>
    </message>
    <message>
        <source>Length of one window</source>
        <translation>单个测量窗口的时长</translation>
    </message>
    <message>
        <source>Estimated duration</source>
        <translation>预计时长</translation>
    </message>
    <message>
        <source>Outline state</source>
        <translation>大纲状态</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>方案(&amp;P)：</translation>
    </message>
    <message>
        <source>Windows:</source>
        <translation>测量窗口：</translation>
    </message>
    <message>
        <source>Per window:</source>
        <translation>每个窗口：</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>时长：</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>No valid plan yet: the Problems list says what to fix.</source>
        <translation>尚无有效计划：“问题”列表会说明需要修复的内容。</translation>
    </message>
    <message>
        <source>%1 (rounds %2 × configurations %3 × routes %4 × concurrency levels %5)</source>
        <translation>%1（轮数 %2 × 配置 %3 × 路由 %4 × 并发级别 %5）</translation>
    </message>
    <message>
        <source>plus a warm-up of a number of requests</source>
        <translation>另加按请求数计的预热</translation>
    </message>
    <message>
        <source>nothing to run: tick at least one configuration and one route</source>
        <translation>没有可运行的内容：请至少勾选一个配置和一个路由</translation>
    </message>
    <message>
        <source>about %1, plus server starts (%2) and readiness waits</source>
        <translation>约 %1，另加服务器启动（%2）和等待就绪的时间</translation>
    </message>
    <message>
        <source>The text has problems: this is the last valid version.</source>
        <translation>文本存在问题：这是最后一个有效版本。</translation>
    </message>
    <message>
        <source>Machine before Start</source>
        <translation>开始前的机器状态</translation>
    </message>
    <message>
        <source>Read every few seconds: the machine&apos;s load, the CPU other processes take (the foreign CPU the gate counts) and the busiest of them</source>
        <translation>每隔几秒读取一次：机器负载、其他进程占用的 CPU（门限所计的外部 CPU）以及其中最繁忙的进程</translation>
    </message>
    <message>
        <source>Foreign-CPU gate</source>
        <translation>外部 CPU 门限</translation>
    </message>
    <message>
        <source>sampler.foreign_gate: the mean foreign CPU that fails a window, of the machine (&quot;32%machine&quot;) or of one core (&quot;150%&quot;)</source>
        <translation>sampler.foreign_gate：使测量窗口失败的平均外部 CPU，按整机（&quot;32%machine&quot;）或按单核（&quot;150%&quot;）计</translation>
    </message>
    <message>
        <source>Quiet wait</source>
        <translation>空闲等待</translation>
    </message>
    <message>
        <source>sampler.wait_quiet_s: before re-measuring a window that failed the gate, wait up to this long for a quiet machine (0 = no wait)</source>
        <translation>sampler.wait_quiet_s：在重新测量未通过门限的测量窗口之前，最多等待这么长时间以待机器空闲（0 = 不等待）</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>&amp;Gate:</source>
        <translation>门限(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;Quiet wait:</source>
        <translation>空闲等待(&amp;Q)：</translation>
    </message>
    <message>
        <source>up to %1 on a busy machine (each window measured %2 times, waiting up to %3 for quiet before each re-measure)</source>
        <translation>机器繁忙时最多 %1（每个测量窗口测量 %2 次，每次重测前最多等待 %3 以待机器空闲）</translation>
    </message>
    <message>
        <source>up to %1 on a busy machine (each window measured %2 times)</source>
        <translation>机器繁忙时最多 %1（每个测量窗口测量 %2 次）</translation>
    </message>
    <message>
        <source>Ready: press Start (F5) to measure these windows, or Check (F7) first to try each configuration once.</source>
        <translation>就绪：按“开始”（F5）测量这些测量窗口，或先按“检查”（F7）将每个配置试运行一次。</translation>
    </message>
    <message>
        <source>What the run will measure</source>
        <translation>本次运行将测量的内容</translation>
    </message>
</context>
<context>
    <name>sb::PageSwitcher</name>
    <message>
        <source>Pages</source>
        <translation>页面</translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation>%1（Ctrl+%2）</translation>
    </message>
</context>
<context>
    <name>sb::ParityModel</name>
    <message numerus="yes">
        <source>%n field check(s)</source>
        <translation>
            <numerusform>%n 项字段检查</numerusform>
        </translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>no response</source>
        <translation>无响应</translation>
    </message>
    <message>
        <source>start and readiness</source>
        <translation>启动与就绪</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>期望</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>sb::PlanFile</name>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>untitled.json</source>
        <translation>未命名.json</translation>
    </message>
    <message>
        <source>Stackbench[*]</source>
        <translation>Stackbench[*]</translation>
    </message>
    <message>
        <source>%1[*] — Stackbench</source>
        <translation>%1[*] — Stackbench</translation>
    </message>
    <message>
        <source>Open plan</source>
        <translation>打开计划</translation>
    </message>
    <message>
        <source>Plans (*.json);;All files (*)</source>
        <translation>计划 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>New plan from a template</source>
        <translation>从模板新建计划</translation>
    </message>
    <message>
        <source>Template:</source>
        <translation>模板：</translation>
    </message>
    <message>
        <source>Save plan</source>
        <translation>保存计划</translation>
    </message>
    <message>
        <source>Save plan as</source>
        <translation>计划另存为</translation>
    </message>
    <message>
        <source>Unsaved plan</source>
        <translation>未保存的计划</translation>
    </message>
    <message>
        <source>The plan has unsaved edits. Save them?</source>
        <translation>计划有未保存的修改。是否保存？</translation>
    </message>
    <message>
        <source>%1 reads the plan file: save the plan first?</source>
        <translation>%1 会读取计划文件：是否先保存计划？</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>Open recent</source>
        <translation>最近打开</translation>
    </message>
</context>
<context>
    <name>sb::PlanPage</name>
    <message>
        <source>Plan page</source>
        <translation>计划页面</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <source>%1: the file is %2 MiB; a plan must be at most %3 MiB</source>
        <translation>%1：文件大小为 %2 MiB；计划最多只能为 %3 MiB</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>untitled.json</source>
        <translation>未命名.json</translation>
    </message>
</context>
<context>
    <name>sb::Preflight</name>
    <message>
        <source>load %1 on %2 cores</source>
        <translation>负载 %1（%2 核）</translation>
    </message>
    <message>
        <source>Machine now: cannot be read</source>
        <translation>当前机器：无法读取</translation>
    </message>
    <message>
        <source>Machine now: %1</source>
        <translation>当前机器：%1</translation>
    </message>
    <message>
        <source>other processes %1 %</source>
        <translation>其他进程 %1 %</translation>
    </message>
    <message>
        <source>%1 %2 cores</source>
        <translation>%1 %2 核</translation>
    </message>
    <message>
        <source>under the foreign-CPU gate (%1 %): windows should pass</source>
        <translation>低于外部 CPU 门限（%1 %）：测量窗口应能通过</translation>
    </message>
    <message>
        <source>over the foreign-CPU gate (%1 %): windows would fail it</source>
        <translation>高于外部 CPU 门限（%1 %）：测量窗口将无法通过</translation>
    </message>
    <message>
        <source>and be measured again up to %1 times, each after a wait of up to %2 for quiet</source>
        <translation>并将最多重新测量 %1 次，每次之前最多等待 %2 以待机器空闲</translation>
    </message>
    <message>
        <source>and be measured again up to %1 times at once</source>
        <translation>并将立即重新测量，最多 %1 次</translation>
    </message>
    <message>
        <source>raise sampler.foreign_gate or sampler.wait_quiet_s in the plan, or stop those processes</source>
        <translation>请在计划中调高 sampler.foreign_gate 或 sampler.wait_quiet_s，或停止这些进程</translation>
    </message>
    <message>
        <source>Machine now: %1 — %2</source>
        <translation>当前机器：%1 — %2</translation>
    </message>
</context>
<context>
    <name>sb::ProcessListModel</name>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>命令行</translation>
    </message>
</context>
<context>
    <name>sb::ProfileDialog</name>
    <message>
        <source>CPU profile: %1 on %2 at c=%3 (run %4)</source>
        <translation>CPU 剖析：%1 在 %2，c=%3（运行 %4）</translation>
    </message>
    <message>
        <source>Differential flame graph: %1 against %2</source>
        <translation>差分火焰图：%1 对比 %2</translation>
    </message>
</context>
<context>
    <name>sb::ProfileFunctionsModel</name>
    <message>
        <source>The function (frame) name</source>
        <translation>函数（帧）名称</translation>
    </message>
    <message>
        <source>The change in self share from %1 to %2, percentage points</source>
        <translation>自身占比从 %1 到 %2 的变化，单位为百分点</translation>
    </message>
    <message>
        <source>Shares of each profile&apos;s own samples</source>
        <translation>各剖析自身样本中的占比</translation>
    </message>
    <message>
        <source>Samples in the function itself</source>
        <translation>函数自身中的样本</translation>
    </message>
    <message>
        <source>Samples with the function anywhere on the stack, counted once per stack</source>
        <translation>调用栈中任意位置含该函数的样本，每个调用栈只计一次</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Self in %1</source>
        <translation>%1 中自身</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Total in %1</source>
        <translation>%1 中总计</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>自身</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Self samples</source>
        <translation>自身样本</translation>
    </message>
    <message>
        <source>Total samples</source>
        <translation>总样本</translation>
    </message>
</context>
<context>
    <name>sb::ProfileList</name>
    <message>
        <source>%1 on %2 at c=%3</source>
        <translation>%1 在 %2，c=%3</translation>
    </message>
    <message>
        <source>CPU profile…</source>
        <translation>CPU 剖析…</translation>
    </message>
    <message>
        <source>Differential flame graph…</source>
        <translation>差分火焰图…</translation>
    </message>
    <message>
        <source>CPU profiles</source>
        <translation>CPU 剖析</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>并发数</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本</translation>
    </message>
    <message>
        <source>Window 2xx/s (cell median)</source>
        <translation>窗口 2xx/s（单元中位数）</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>The selected profile&apos;s flame graph and top functions</source>
        <translation>所选剖析的火焰图和热点函数</translation>
    </message>
    <message>
        <source>Select two profiles: the second against the first, coloured by the change in each frame&apos;s share</source>
        <translation>选择两个剖析：第二个对比第一个，按每个帧占比的变化着色</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>No cell of this run was profiled.</source>
        <translation>此运行没有被剖析的单元。</translation>
    </message>
    <message>
        <source>Double-click a profile for its flame graph; select two for a differential flame graph (the second against the first).</source>
        <translation>双击剖析查看其火焰图；选择两个查看差分火焰图（第二个对比第一个）。</translation>
    </message>
</context>
<context>
    <name>sb::ProfileView</name>
    <message>
        <source>frame pointers</source>
        <translation>帧指针</translation>
    </message>
    <message>
        <source>DWARF</source>
        <translation>DWARF</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>The window: the profiling window, one more window of the cell under perf after its measured windows; its 2xx/s against the cell&apos;s median shows what profiling cost.</source>
        <translation>窗口：剖析窗口，即单元在其测量窗口之后于 perf 下额外运行的一个窗口；其 2xx/s 与单元中位数的对比显示了剖析的开销。</translation>
    </message>
    <message>
        <source>Search frames</source>
        <translation>搜索帧</translation>
    </message>
    <message>
        <source>Highlights the frames whose name contains the text (case-insensitive) and shows the share of samples they cover.</source>
        <translation>高亮名称包含该文本的帧（不区分大小写），并显示它们覆盖的样本占比。</translation>
    </message>
    <message>
        <source>Show the whole profile again (Escape in the graph)</source>
        <translation>重新显示整个剖析（在图中按 Escape）</translation>
    </message>
    <message>
        <source>Export folded stacks…</source>
        <translation>导出折叠调用栈…</translation>
    </message>
    <message>
        <source>Brendan Gregg&apos;s folded format, as speedscope, hotspot and flamegraph.pl read it</source>
        <translation>Brendan Gregg 的折叠格式，speedscope、hotspot 和 flamegraph.pl 均可读取</translation>
    </message>
    <message>
        <source>Stacks of %1…</source>
        <translation>%1 的调用栈…</translation>
    </message>
    <message>
        <source>Top functions</source>
        <translation>热点函数</translation>
    </message>
    <message>
        <source>Double-click a function to search for it in the graph</source>
        <translation>双击函数以在图中搜索它</translation>
    </message>
    <message>
        <source>No profile is shown.</source>
        <translation>未显示剖析。</translation>
    </message>
    <message>
        <source>%1 samples at %2 Hz (%3), round %4</source>
        <translation>%1 个样本，%2 Hz（%3），第 %4 轮</translation>
    </message>
    <message>
        <source>; window %1 2xx/s, %2 against the cell&apos;s median %3</source>
        <translation>；窗口 %1 2xx/s，相对单元中位数 %3 为 %2</translation>
    </message>
    <message>
        <source>; window %1 2xx/s</source>
        <translation>；窗口 %1 2xx/s</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>备注：%1</translation>
    </message>
    <message>
        <source>The stored stacks cannot be read: %1</source>
        <translation>无法读取存储的调用栈：%1</translation>
    </message>
    <message>
        <source>A, %1: %2
B, %3: %4</source>
        <translation>A，%1：%2
B，%3：%4</translation>
    </message>
    <message>
        <source>The stored stacks of %1 cannot be read: %2</source>
        <translation>无法读取 %1 存储的调用栈：%2</translation>
    </message>
    <message>
        <source>The two profiles cannot be compared: %1</source>
        <translation>无法比较这两个剖析：%1</translation>
    </message>
    <message>
        <source>no frame matches</source>
        <translation>没有匹配的帧</translation>
    </message>
    <message numerus="yes">
        <source>%n function(s) match, %1 of all samples</source>
        <translation>
            <numerusform>%n 个函数匹配，占全部样本的 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>no profile is shown</source>
        <translation>未显示剖析</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>Export folded stacks</source>
        <translation>导出折叠调用栈</translation>
    </message>
    <message>
        <source>Folded stacks (*.folded *.txt);;All files (*)</source>
        <translation>折叠调用栈 (*.folded *.txt);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>sb::QuickTestPage</name>
    <message>
        <source>%1: problem</source>
        <translation>%1：问题</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Header</source>
        <translation>请求头</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>请求头</translation>
    </message>
    <message>
        <source>Add header</source>
        <translation>添加请求头</translation>
    </message>
    <message>
        <source>Remove header</source>
        <translation>删除请求头</translation>
    </message>
    <message>
        <source>request body (optional)</source>
        <translation>请求体（可选）</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>请求体</translation>
    </message>
    <message>
        <source>Connections</source>
        <translation>连接数</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <source>Duration or requests</source>
        <translation>时长或请求数</translation>
    </message>
    <message>
        <source>10s, 2m or 5000req</source>
        <translation>10s、2m 或 5000req</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>none, 2s or 1000req</source>
        <translation>无、2s 或 1000req</translation>
    </message>
    <message>
        <source>Open-loop rate</source>
        <translation>开环速率</translation>
    </message>
    <message>
        <source>closed loop; or requests/s</source>
        <translation>闭环；或 请求/秒</translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>Interval</source>
        <translation>间隔</translation>
    </message>
    <message>
        <source>Server process (optional)</source>
        <translation>服务器进程（可选）</translation>
    </message>
    <message>
        <source>filter by pid, name or command line</source>
        <translation>按 pid、名称或命令行筛选</translation>
    </message>
    <message>
        <source>Process filter</source>
        <translation>进程筛选</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>No server process: only the client is measured.</source>
        <translation>无服务器进程：只测量客户端。</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>No server process</source>
        <translation>无服务器进程</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Fill in the URL and press Start.</source>
        <translation>填写 URL 后按“开始”。</translation>
    </message>
    <message>
        <source>Quick test status</source>
        <translation>快速测试状态</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>The summary appears here when the test ends.</source>
        <translation>测试结束后摘要将显示在此处。</translation>
    </message>
    <message>
        <source>&amp;Keep in history</source>
        <translation>保留到历史(&amp;K)</translation>
    </message>
    <message>
        <source>Store this test as a one-window run for History and Compare.</source>
        <translation>将此测试存储为只有一个测量窗口的运行，供历史和比较使用。</translation>
    </message>
    <message>
        <source>Latency percentile curve</source>
        <translation>延迟百分位曲线</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Sampling the tree of %1 (pid %2).</source>
        <translation>正在采样 %1（pid %2）的进程树。</translation>
    </message>
    <message>
        <source>Connecting to %1 ...</source>
        <translation>正在连接 %1 ...</translation>
    </message>
    <message>
        <source>warm-up %1 s</source>
        <translation>预热 %1 秒</translation>
    </message>
    <message>
        <source>measuring %1 s</source>
        <translation>测量 %1 秒</translation>
    </message>
    <message>
        <source> of %1 s</source>
        <translation> / %1 秒</translation>
    </message>
    <message>
        <source> - 2xx/s %1 - p99 %2</source>
        <translation> - 2xx/s %1 - p99 %2</translation>
    </message>
    <message>
        <source> - draining: %1 in flight</source>
        <translation> - 排空中：%1 个请求未完成</translation>
    </message>
    <message>
        <source>Stopped: %1 2xx/s until then</source>
        <translation>已停止：此前为 %1 2xx/s</translation>
    </message>
    <message>
        <source>Done: %1 2xx/s</source>
        <translation>完成：%1 2xx/s</translation>
    </message>
    <message>
        <source>Cannot run the test: %1</source>
        <translation>无法运行测试：%1</translation>
    </message>
    <message>
        <source>Not kept: %1</source>
        <translation>未保留：%1</translation>
    </message>
    <message>
        <source>Kept in history as run %1.</source>
        <translation>已作为运行 %1 保留到历史。</translation>
    </message>
    <message>
        <source>Insecure (do not verify)</source>
        <translation>不安全（不验证）</translation>
    </message>
    <message>
        <source>Do not verify the server&apos;s certificate (https only); the result records that it was not verified.</source>
        <translation>不验证服务器的证书（仅 https）；结果会记录未经验证。</translation>
    </message>
    <message>
        <source>CA file</source>
        <translation>CA 文件</translation>
    </message>
    <message>
        <source>the system&apos;s CA store</source>
        <translation>系统的 CA 存储</translation>
    </message>
    <message>
        <source>A PEM file of the CAs to trust instead of the system&apos;s (https only).</source>
        <translation>要信任的 CA 的 PEM 文件，代替系统的 CA（仅 https）。</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <source>HTTP/2: over https:// agreed by ALPN (h2), over http:// in clear text with prior knowledge (h2c).</source>
        <translation>HTTP/2：经 https:// 时由 ALPN 协商（h2），经 http:// 时以明文先验知识方式（h2c）。</translation>
    </message>
    <message>
        <source>Streams per connection</source>
        <translation>每个连接的流数</translation>
    </message>
    <message>
        <source>HTTP/2: requests in flight at once on each connection (h2load&apos;s -m). The connections stay the concurrency&apos;s unit.</source>
        <translation>HTTP/2：每个连接上同时进行的请求数（h2load 的 -m）。并发的单位仍是连接。</translation>
    </message>
    <message>
        <source>Streams</source>
        <translation>流数</translation>
    </message>
</context>
<context>
    <name>sb::RunCommands</name>
    <message>
        <source>[%1] %2: %3</source>
        <translation>[%1] %2：%3</translation>
    </message>
    <message>
        <source>The check could not run: %1</source>
        <translation>检查无法运行：%1</translation>
    </message>
    <message>
        <source>Check failed: %1</source>
        <translation>检查失败：%1</translation>
    </message>
    <message>
        <source>The plan has problems (listed under Problems); fix them first.</source>
        <translation>计划存在问题（列于“问题”中）；请先修复。</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>Checking %1</source>
        <translation>正在检查 %1</translation>
    </message>
    <message numerus="yes">
        <source>All %n configuration(s) started and passed every parity check.</source>
        <translation>
            <numerusform>全部 %n 个配置均已启动，并通过了所有一致性检查。</numerusform>
        </translation>
    </message>
    <message>
        <source>check: %1</source>
        <translation>检查：%1</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Tick at least one configuration and one route.</source>
        <translation>请至少勾选一个配置和一个路由。</translation>
    </message>
    <message>
        <source>Starting %1, profile %2</source>
        <translation>正在启动 %1，方案 %2</translation>
    </message>
    <message>
        <source>Stopping: the window being measured is not stored; the run can be resumed.</source>
        <translation>正在停止：当前测量窗口不会被存储；该运行之后可以继续。</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Cannot read the run store: %1</source>
        <translation>无法读取运行存储：%1</translation>
    </message>
    <message numerus="yes">
        <source>Resume run %1 (profile %2, started %3, %4, %n valid window(s) stored)?</source>
        <translation>
            <numerusform>继续运行 %1 吗？（方案 %2，开始于 %3，%4，已存储 %n 个有效测量窗口）</numerusform>
        </translation>
    </message>
    <message>
        <source>Resuming run %1</source>
        <translation>正在继续运行 %1</translation>
    </message>
    <message>
        <source>Resuming run %1 (%2, profile %3)</source>
        <translation>正在继续运行 %1（%2，方案 %3）</translation>
    </message>
    <message>
        <source>Retry failed cells</source>
        <translation>重试失败的单元</translation>
    </message>
    <message>
        <source>No run of %1 with failed cells is stored.</source>
        <translation>存储中没有 %1 的含失败单元的运行。</translation>
    </message>
    <message>
        <source>No interrupted or incomplete run of %1 is stored, and none with failed cells.</source>
        <translation>存储中没有 %1 的已中断或未完成的运行，也没有含失败单元的运行。</translation>
    </message>
    <message numerus="yes">
        <source>Measure the failed cells of run %1 again (profile %2, started %3, %4, %5 of %n stored window(s) valid), each with a fresh retry budget?</source>
        <translation>
            <numerusform>重新测量运行 %1 中失败的单元吗？（方案 %2，开始于 %3，%4，已存储的 %n 个测量窗口中 %5 个有效）每个单元都将重新获得完整的重试次数。</numerusform>
        </translation>
    </message>
    <message>
        <source>Retrying the failed cells of run %1</source>
        <translation>正在重试运行 %1 中失败的单元</translation>
    </message>
    <message>
        <source>Retrying the failed cells of run %1 (%2, profile %3)</source>
        <translation>正在重试运行 %1 中失败的单元（%2，方案 %3）</translation>
    </message>
    <message>
        <source>&amp;Profile CPU with perf</source>
        <translation>用 perf 分析 CPU(&amp;P)</translation>
    </message>
    <message>
        <source>Take a CPU profile of each cell&apos;s server tree with perf: one more window after the cell&apos;s last measured window (the profile&apos;s &quot;profile_cpu&quot; chooses the cells when it has one)</source>
        <translation>用 perf 为每个单元的服务器进程树采集 CPU 剖析：在该单元最后一个测量窗口之后再运行一个窗口（配置文件有 &quot;profile_cpu&quot; 时由它选择单元）</translation>
    </message>
</context>
<context>
    <name>sb::RunController</name>
    <message>
        <source>A run is going on; stop it first.</source>
        <translation>正在运行；请先停止。</translation>
    </message>
</context>
<context>
    <name>sb::RunDetails</name>
    <message>
        <source>Run details</source>
        <translation>运行详情</translation>
    </message>
    <message>
        <source>Run summary</source>
        <translation>运行摘要</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Environment record</source>
        <translation>环境记录</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>Gates and warnings</source>
        <translation>门限与警告</translation>
    </message>
    <message>
        <source>Invalid attempts</source>
        <translation>无效尝试</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>并发</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>门限</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Gates</source>
        <translation>门限</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Server logs by configuration and round</source>
        <translation>按配置和轮次的服务器日志</translation>
    </message>
    <message>
        <source>Server log</source>
        <translation>服务器日志</translation>
    </message>
    <message>
        <source>Server logs</source>
        <translation>服务器日志</translation>
    </message>
    <message>
        <source>Select a run to see its details.</source>
        <translation>选择一次运行以查看其详情。</translation>
    </message>
    <message>
        <source>Gates (%1)</source>
        <translation>门限（%1）</translation>
    </message>
    <message>
        <source>Events (%1)</source>
        <translation>事件（%1）</translation>
    </message>
    <message>
        <source>Server logs (%1)</source>
        <translation>服务器日志（%1）</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>结束时间</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>测量窗口</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Routes</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Stackbench</source>
        <translation>Stackbench</translation>
    </message>
    <message>
        <source>%1, revision %2</source>
        <translation>%1，版本 %2</translation>
    </message>
    <message>
        <source>Configuration %1</source>
        <translation>配置 %1</translation>
    </message>
    <message>
        <source>file hashes (SHA-256)</source>
        <translation>文件哈希（SHA-256）</translation>
    </message>
    <message>
        <source>configuration %1</source>
        <translation>配置 %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;No gate fired: every stored attempt of the %n window(s) was valid.&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;没有触发任何门限：%n 个测量窗口的所有已存储尝试均有效。&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Blocked configurations</source>
        <translation>被阻止的配置</translation>
    </message>
    <message>
        <source>%1 · round %2</source>
        <translation>%1 · 第 %2 轮</translation>
    </message>
    <message>
        <source>stdout</source>
        <translation>stdout</translation>
    </message>
    <message>
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <source>No server output was stored for this run.</source>
        <translation>此运行未存储任何服务器输出。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;; by gate: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;；按门限：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Also caught</source>
        <translation>另外捕获</translation>
    </message>
    <message>
        <source>Cells</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>blocked: %1</source>
        <translation>已阻止：%1</translation>
    </message>
    <message>
        <source>Cold start %1</source>
        <translation>冷启动 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n start(s): exec to accepting %1, to ready %2; at ready RSS %3, PSS %4</source>
        <translation>
            <numerusform>%n 次启动：exec 到接受连接 %1，到就绪 %2；就绪时 RSS %3，PSS %4</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU profiles</source>
        <translation>CPU 剖析</translation>
    </message>
    <message>
        <source>CPU profiles (%1)</source>
        <translation>CPU 剖析（%1）</translation>
    </message>
    <message>
        <source>load hosts</source>
        <translation>负载主机</translation>
    </message>
    <message>
        <source>load from</source>
        <translation>负载来自</translation>
    </message>
    <message>
        <source>Load hosts of %1</source>
        <translation>%1 的负载主机</translation>
    </message>
    <message>
        <source>server hosts</source>
        <translation>服务器主机</translation>
    </message>
    <message>
        <source>runs on %1</source>
        <translation>运行于 %1</translation>
    </message>
    <message>
        <source>Server host of %1</source>
        <translation>%1 的服务器主机</translation>
    </message>
</context>
<context>
    <name>sb::RunDialog</name>
    <message>
        <source>Run %1 — %2 (%3)</source>
        <translation>运行 %1 — %2（%3）</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Cells</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Run %1 · %2 (%3) · %4, started %5 · %6 · read-only</source>
        <translation>运行 %1 · %2 (%3) · %4，开始于 %5 · %6 · 只读</translation>
    </message>
    <message>
        <source>Window timeline</source>
        <translation>测量窗口时间线</translation>
    </message>
    <message>
        <source>Cannot open window %1: %2</source>
        <translation>无法打开测量窗口 %1：%2</translation>
    </message>
    <message>
        <source>Round %1 · %2 · %3 · c=%4 · attempt %5 · %6</source>
        <translation>第 %1 轮 · %2 · %3 · c=%4 · 第 %5 次尝试 · %6</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>invalid: %1</source>
        <translation>无效：%1</translation>
    </message>
</context>
<context>
    <name>sb::RunPage</name>
    <message>
        <source>no profile &apos;%1&apos; in %2</source>
        <translation>%2 中没有方案“%1”</translation>
    </message>
    <message>
        <source>No run yet: open a plan and press Start.</source>
        <translation>尚无运行：打开一个计划并按“开始”。</translation>
    </message>
    <message>
        <source>Current window</source>
        <translation>当前测量窗口</translation>
    </message>
    <message>
        <source>Back to the live window</source>
        <translation>返回实时测量窗口</translation>
    </message>
    <message>
        <source>Run progress</source>
        <translation>运行进度</translation>
    </message>
    <message>
        <source>Cells so far</source>
        <translation>已有单元</translation>
    </message>
    <message numerus="yes">
        <source>resumed: %1 of %n window(s) already valid</source>
        <translation>
            <numerusform>已继续：%n 个测量窗口中已有 %1 个有效</numerusform>
        </translation>
    </message>
    <message>
        <source>starting</source>
        <translation>正在启动</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2) - %n window(s) - store %3</source>
        <translation>
            <numerusform>%1（%2）- %n 个测量窗口 - 存储 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>last window valid: %1 2xx/s</source>
        <translation>上一个测量窗口有效：%1 2xx/s</translation>
    </message>
    <message>
        <source>last window invalid (%1)%2</source>
        <translation>上一个测量窗口无效（%1）%2</translation>
    </message>
    <message>
        <source>, measuring again</source>
        <translation>，正在重新测量</translation>
    </message>
    <message>
        <source>, no retries left</source>
        <translation>，已无重试次数</translation>
    </message>
    <message>
        <source> - ETA %1 min</source>
        <translation> - 剩余 %1 分钟</translation>
    </message>
    <message>
        <source> - ETA %1 s</source>
        <translation> - 剩余 %1 秒</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n window(s) done%2 - %3 valid, %4 invalid, %5 failed</source>
        <translation>
            <numerusform>已完成 %1 / %n 个测量窗口%2 - %3 个有效，%4 个无效，%5 个失败</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>run interrupted: %n valid window(s) stored; it can be resumed</source>
        <translation>
            <numerusform>运行已中断：已存储 %n 个有效测量窗口；可以继续</numerusform>
        </translation>
    </message>
    <message>
        <source>run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <source>run %1: %2 valid, %3 invalid windows</source>
        <translation>运行 %1：%2 个有效、%3 个无效测量窗口</translation>
    </message>
    <message>
        <source>round %1 of %2</source>
        <translation>第 %1 轮，共 %2 轮</translation>
    </message>
    <message>
        <source>round %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>warm-up %1/%2 s</source>
        <translation>预热 %1/%2 秒</translation>
    </message>
    <message>
        <source>warm-up %1 s</source>
        <translation>预热 %1 秒</translation>
    </message>
    <message>
        <source>measuring %1/%2 s</source>
        <translation>测量 %1/%2 秒</translation>
    </message>
    <message>
        <source>measuring %1 s</source>
        <translation>测量 %1 秒</translation>
    </message>
    <message>
        <source> - draining: %1 in flight</source>
        <translation> - 排空中：%1 个请求未完成</translation>
    </message>
    <message>
        <source>%1 - %2 - %3 - c=%4 - attempt %5 - %6 - window %7 of %8</source>
        <translation>%1 - %2 - %3 - c=%4 - 第 %5 次尝试 - %6 - 测量窗口 %7 / %8</translation>
    </message>
    <message>
        <source>Cannot open window %1: %2</source>
        <translation>无法打开测量窗口 %1：%2</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>invalid: %1</source>
        <translation>无效：%1</translation>
    </message>
    <message>
        <source>attempt %1 of round %2 - %3 - %4 - c=%5</source>
        <translation>第 %2 轮第 %1 次尝试 - %3 - %4 - c=%5</translation>
    </message>
    <message>
        <source>The machine is quiet after %1 s: measuring %2</source>
        <translation>机器在 %1 秒后已空闲：正在测量 %2</translation>
    </message>
    <message>
        <source>Waited %1 s for a quiet machine (the plan&apos;s limit), foreign CPU still %2 %: measuring %3 anyway</source>
        <translation>已等待机器空闲 %1 秒（计划的上限），外部 CPU 仍为 %2 %：仍将测量 %3</translation>
    </message>
    <message>
        <source>The wait for a quiet machine was cancelled</source>
        <translation>已取消等待机器空闲</translation>
    </message>
    <message>
        <source>Waiting for a quiet machine before %1: %2 s of at most %3 s - foreign CPU %4 % (quiet once below %5 % for %6 s; so far %7 s)</source>
        <translation>在 %1 之前等待机器空闲：%2 秒（最多 %3 秒）- 外部 CPU %4 %（低于 %5 % 持续 %6 秒即视为空闲；目前已 %7 秒）</translation>
    </message>
    <message>
        <source>Latency percentile curve of the current window</source>
        <translation>当前测量窗口的延迟百分位曲线</translation>
    </message>
    <message>
        <source>earlier rounds</source>
        <translation>之前各轮</translation>
    </message>
    <message>
        <source>this window</source>
        <translation>本测量窗口</translation>
    </message>
    <message>
        <source>last interval</source>
        <translation>最近一个间隔</translation>
    </message>
    <message>
        <source>Stored window: %1 - %2 - c=%3 - %4, attempt %5 - %6</source>
        <translation>已存储的测量窗口：%1 - %2 - c=%3 - %4，第 %5 次尝试 - %6</translation>
    </message>
</context>
<context>
    <name>sb::RunStatus</name>
    <message>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>measuring</source>
        <translation>测量中</translation>
    </message>
    <message>
        <source>round %1 · %2 · %3 · c=%4 · attempt %5</source>
        <translation>第 %1 轮 · %2 · %3 · c=%4 · 第 %5 次尝试</translation>
    </message>
    <message>
        <source>%1: valid, %2 2xx/s, p99 %3 ms</source>
        <translation>%1：有效，%2 2xx/s，p99 %3 毫秒</translation>
    </message>
    <message>
        <source>%1: invalid: %2</source>
        <translation>%1：无效：%2</translation>
    </message>
    <message>
        <source>Run state</source>
        <translation>运行状态</translation>
    </message>
    <message>
        <source>Current cell</source>
        <translation>当前单元</translation>
    </message>
    <message>
        <source>Run progress</source>
        <translation>运行进度</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <source>window %v of %m</source>
        <translation>测量窗口 %v / %m</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>检查中</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation>正在停止</translation>
    </message>
    <message numerus="yes">
        <source>Run %1 %2: plan %3, profile %4, %n window(s) to measure, %5 done; store %6</source>
        <translation>
            <numerusform>运行 %1 %2：计划 %3，方案 %4，待测 %n 个测量窗口，已完成 %5 个；存储 %6</numerusform>
        </translation>
    </message>
    <message>
        <source>resumed</source>
        <translation>已继续</translation>
    </message>
    <message>
        <source>started</source>
        <translation>已开始</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>waiting for a quiet machine (%1 of %2 s)</source>
        <translation>等待机器空闲（%1 / %2 秒）</translation>
    </message>
    <message>
        <source> (measured again)</source>
        <translation>（已重新测量）</translation>
    </message>
    <message>
        <source> (cell failed: retries used up)</source>
        <translation>（单元失败：重试次数已用完）</translation>
    </message>
    <message>
        <source>[%1] %2</source>
        <translation>[%1] %2</translation>
    </message>
    <message>
        <source>[%1] %2: %3</source>
        <translation>[%1] %2：%3</translation>
    </message>
    <message>
        <source>ETA unknown</source>
        <translation>剩余时间未知</translation>
    </message>
    <message>
        <source>ETA %1</source>
        <translation>剩余 %1</translation>
    </message>
    <message>
        <source>blocked: %1</source>
        <translation>已阻止：%1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>Run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>运行失败</translation>
    </message>
    <message>
        <source>Stackbench</source>
        <translation>Stackbench</translation>
    </message>
    <message>
        <source>Quick test running</source>
        <translation>快速测试运行中</translation>
    </message>
    <message>
        <source>Stopping the quick test</source>
        <translation>正在停止快速测试</translation>
    </message>
    <message>
        <source>Run %1 %2: %3</source>
        <translation>运行 %1 %2：%3</translation>
    </message>
    <message numerus="yes">
        <source>History › Retry failed cells measures the %n cell(s) that ran out of retries again.</source>
        <translation>
            <numerusform>“历史 › 重试失败的单元”会重新测量已用完重试次数的 %n 个单元。</numerusform>
        </translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>Incomplete</source>
        <translation>未完成</translation>
    </message>
</context>
<context>
    <name>sb::RunStrip</name>
    <message>
        <source>The run so far</source>
        <translation>目前的运行</translation>
    </message>
    <message>
        <source>2xx/s</source>
        <translation>2xx/s</translation>
    </message>
    <message>
        <source>p99 ms</source>
        <translation>p99 毫秒</translation>
    </message>
    <message>
        <source>cores</source>
        <translation>核</translation>
    </message>
    <message>
        <source>every window so far, by cell (one slot per round)</source>
        <translation>目前所有测量窗口，按单元排列（每轮一格）</translation>
    </message>
    <message>
        <source>invalid attempt</source>
        <translation>无效尝试</translation>
    </message>
    <message>
        <source>%1 ≤ %2</source>
        <translation>%1 ≤ %2</translation>
    </message>
    <message>
        <source>%1 - %2 - c=%3 - round %4, attempt %5</source>
        <translation>%1 - %2 - c=%3 - 第 %4 轮，第 %5 次尝试</translation>
    </message>
    <message>
        <source>%1 2xx/s, p99 %2, %3 cores%4</source>
        <translation>%1 2xx/s，p99 %2，%3 核%4</translation>
    </message>
    <message>
        <source> (invalid)</source>
        <translation>（无效）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>load generators, window mean: %1</source>
        <translation>负载生成器，测量窗口均值：%1</translation>
    </message>
</context>
<context>
    <name>sb::RunsModel</name>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>incomplete</source>
        <translation>未完成</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>host %1, CPU %2</source>
        <translation>主机 %1，CPU %2</translation>
    </message>
    <message>
        <source>Stackbench %1, revision %2</source>
        <translation>Stackbench %1，版本 %2</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>测量窗口</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message numerus="yes">
        <source>%n valid window(s)</source>
        <translation>
            <numerusform>%n 个有效测量窗口</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n invalid attempt(s)</source>
        <translation>
            <numerusform>%n 次无效尝试</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n stored window(s) valid</source>
        <translation>
            <numerusform>已存储的 %n 个测量窗口中 %1 个有效</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n cell(s) valid</source>
        <translation>
            <numerusform>%n 个单元中 %1 个有效</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n valid cell(s)</source>
        <translation>
            <numerusform>%n 个有效单元</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n re-measured)</source>
        <translation>
            <numerusform>（%n 个已重测）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n 个失败</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n blocked</source>
        <translation>
            <numerusform>%n 个已阻止</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n to measure</source>
        <translation>
            <numerusform>%n 个待测</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sb::SettingsDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>The language changes when Stackbench restarts. Command-line output stays in English.</source>
        <translation>语言将在重新启动 Stackbench 后更改。命令行输出始终为英文。</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>sb::StoreDialog</name>
    <message>
        <source>&amp;Password:</source>
        <translation>密码(&amp;P)：</translation>
    </message>
    <message>
        <source>Switch the run store</source>
        <translation>切换运行存储</translation>
    </message>
    <message>
        <source>Where runs are read and stored: a SQLite file, or a PostgreSQL database as postgresql://user@host:port/database.</source>
        <translation>读取和存储运行的位置：一个 SQLite 文件，或形如 postgresql://user@host:port/database 的 PostgreSQL 数据库。</translation>
    </message>
    <message>
        <source>Store location</source>
        <translation>存储位置</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Choose a SQLite file</source>
        <translation>选择 SQLite 文件</translation>
    </message>
    <message>
        <source>&amp;Default</source>
        <translation>默认(&amp;D)</translation>
    </message>
    <message>
        <source>The default store</source>
        <translation>默认存储</translation>
    </message>
    <message>
        <source>&amp;Store:</source>
        <translation>存储(&amp;S)：</translation>
    </message>
    <message>
        <source>Database password</source>
        <translation>数据库密码</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>未更改</translation>
    </message>
    <message>
        <source>S&amp;witch</source>
        <translation>切换(&amp;W)</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>切换</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Run store</source>
        <translation>运行存储</translation>
    </message>
    <message>
        <source>SQLite stores (*.sqlite *.db);;All files (*)</source>
        <translation>SQLite 存储 (*.sqlite *.db);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>sb::StoreService</name>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
</context>
<context>
    <name>sb::charts</name>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>the file name must end in .png, .svg or .pdf</source>
        <translation>文件名必须以 .png、.svg 或 .pdf 结尾</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>connections (log scale)</source>
        <translation>连接数（对数刻度）</translation>
    </message>
    <message>
        <source>2xx per CPU-second</source>
        <translation>每 CPU 秒 2xx 数</translation>
    </message>
    <message>
        <source>2xx/s</source>
        <translation>2xx/s</translation>
    </message>
    <message>
        <source>%1 across windows: %2</source>
        <translation>%1 在各测量窗口中的分布：%2</translation>
    </message>
    <message>
        <source>concurrency</source>
        <translation>并发</translation>
    </message>
    <message>
        <source>%1 against concurrency: %2</source>
        <translation>%1 随并发变化：%2</translation>
    </message>
    <message>
        <source>%1 p99</source>
        <translation>%1 p99</translation>
    </message>
    <message>
        <source>Latency by percentile, pooled: %1 c=%2</source>
        <translation>按百分位的延迟（合并）：%1 c=%2</translation>
    </message>
    <message>
        <source>Latency by percentile, pooled: %1</source>
        <translation>按百分位的延迟（合并）：%1</translation>
    </message>
    <message>
        <source>percentile (log scale of 1/(1-p))</source>
        <translation>百分位（1/(1-p) 的对数刻度）</translation>
    </message>
    <message>
        <source>2xx/s per interval of each window: %1 c=%2</source>
        <translation>每个测量窗口各间隔的 2xx/s：%1 c=%2</translation>
    </message>
    <message>
        <source>seconds into the measured window</source>
        <translation>测量窗口内的秒数</translation>
    </message>
    <message>
        <source>Pick a run to compare.</source>
        <translation>请选择要比较的运行。</translation>
    </message>
    <message>
        <source>percentile</source>
        <translation>百分位</translation>
    </message>
    <message>
        <source>latency, ms</source>
        <translation>延迟，毫秒</translation>
    </message>
    <message>
        <source>Latency against concurrency, median of windows: %1</source>
        <translation>延迟随并发变化（各窗口中位数）：%1</translation>
    </message>
    <message>
        <source>ms (log scale)</source>
        <translation>毫秒（对数刻度）</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source> (fresh)</source>
        <translation>（全新）</translation>
    </message>
    <message>
        <source> (equal age)</source>
        <translation>（年龄相同）</translation>
    </message>
    <message>
        <source> (ages differ)</source>
        <translation>（年龄不同）</translation>
    </message>
    <message>
        <source> (age unknown)</source>
        <translation>（年龄未知）</translation>
    </message>
    <message>
        <source>Peak RSS of the server tree, median of windows: %1</source>
        <translation>服务器进程树的 RSS 峰值，测量窗口中位数：%1</translation>
    </message>
    <message>
        <source>concurrency (whether the trees&apos; ages allow a comparison)</source>
        <translation>并发数（进程树年龄是否允许比较）</translation>
    </message>
    <message>
        <source>peak RSS, MiB</source>
        <translation>RSS 峰值，MiB</translation>
    </message>
    <message>
        <source>percentile, %</source>
        <translation>百分位，%</translation>
    </message>
    <message>
        <source>per CPU-s</source>
        <translation>每 CPU 秒</translation>
    </message>
    <message>
        <source>%1, median</source>
        <translation>%1，中位数</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
</context>
<context>
    <name>sb::figures</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 us</source>
        <translation>%1 微秒</translation>
    </message>
</context>
<context>
    <name>sb::memorytext</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>fresh</source>
        <translation>全新</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 个请求</translation>
    </message>
    <message>
        <source>%1 requests over %2 s</source>
        <translation>%2 秒内 %1 个请求</translation>
    </message>
    <message>
        <source>both trees fresh</source>
        <translation>两个进程树均为全新</translation>
    </message>
    <message>
        <source>trees of equal age</source>
        <translation>进程树年龄相同</translation>
    </message>
    <message>
        <source>%1 the peak RSS and %2 the peak PSS of %3 (%4)</source>
        <translation>为 %3 的 RSS 峰值的 %1、PSS 峰值的 %2（%4）</translation>
    </message>
    <message>
        <source>%1 the peak RSS of %2 (%3)</source>
        <translation>为 %2 的 RSS 峰值的 %1（%3）</translation>
    </message>
    <message>
        <source>a tree&apos;s age is unknown</source>
        <translation>某个进程树的年龄未知</translation>
    </message>
    <message>
        <source>the trees&apos; ages differ</source>
        <translation>进程树的年龄不同</translation>
    </message>
    <message>
        <source>a cell sampled no memory</source>
        <translation>某个单元未采样内存</translation>
    </message>
    <message>
        <source>Not compared with %1: %2 (this tree: %3; %1&apos;s: %4)</source>
        <translation>未与 %1 比较：%2（此进程树：%3；%1 的：%4）</translation>
    </message>
    <message>
        <source>Peak resident set of the server tree: median [min-max] of the valid windows&apos; peaks. RSS counts a page shared by the tree&apos;s processes once per process.</source>
        <translation>服务器进程树常驻内存（RSS）的峰值：有效测量窗口峰值的中位数 [最小-最大]。RSS 对进程树中各进程共享的页面按每个进程各计一次。</translation>
    </message>
    <message>
        <source>Peak proportional set of the server tree: median [min-max] of the valid windows&apos; peaks. PSS shares a shared page out among the processes that map it.</source>
        <translation>服务器进程树按比例分摊内存（PSS）的峰值：有效测量窗口峰值的中位数 [最小-最大]。PSS 将共享页面分摊给映射它的各个进程。</translation>
    </message>
    <message>
        <source>The server tree&apos;s age at the windows: the requests it had served before the window&apos;s warm-up and the seconds since it started (medians), or fresh when the window&apos;s warm-up was its first load. RSS measures a process&apos;s history: memory is compared only on fresh trees or at equal age.</source>
        <translation>测量窗口时服务器进程树的年龄：在该测量窗口预热之前它已处理的请求数和自启动以来的秒数（中位数）；若该测量窗口的预热是它的第一次负载，则为全新。RSS 反映进程的历史：仅在全新或年龄相同的进程树之间比较内存。</translation>
    </message>
</context>
<context>
    <name>sb::plan</name>
    <message>
        <source>invalid configuration name &quot;%1&quot;; use letters, digits, &apos;_&apos;, &apos;.&apos; and &apos;-&apos;</source>
        <translation>配置名称“%1”无效；请使用字母、数字、&apos;_&apos;、&apos;.&apos; 和 &apos;-&apos;</translation>
    </message>
    <message>
        <source>missing required key &quot;port&quot; (or &quot;base_url&quot;)</source>
        <translation>缺少必需的键 &quot;port&quot;（或 &quot;base_url&quot;）</translation>
    </message>
    <message>
        <source>the port is needed when the plan is loaded</source>
        <translation>加载计划时就需要端口</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>the base URL is needed when the plan is loaded</source>
        <translation>加载计划时就需要基础 URL</translation>
    </message>
    <message>
        <source>base_url must not have a path, query or fragment; routes give the path</source>
        <translation>base_url 不得包含路径、查询或片段；路径由路由给出</translation>
    </message>
    <message>
        <source>secret_env names &quot;%1&quot;, which is not a key of &quot;env&quot;</source>
        <translation>secret_env 指定了“%1”，但它不是 &quot;env&quot; 中的键</translation>
    </message>
    <message>
        <source>an object of strings</source>
        <translation>由字符串组成的对象</translation>
    </message>
    <message>
        <source>invalid environment variable name &quot;%1&quot;</source>
        <translation>环境变量名“%1”无效</translation>
    </message>
    <message>
        <source>an object of name -&gt; argv or {&quot;command&quot;, &quot;match&quot;}</source>
        <translation>由 名称 -&gt; argv 或 {&quot;command&quot;, &quot;match&quot;} 组成的对象</translation>
    </message>
    <message>
        <source>a version name must not be empty</source>
        <translation>版本名称不能为空</translation>
    </message>
    <message>
        <source>invalid regular expression: %1 at offset %2</source>
        <translation>正则表达式无效：%1（位于偏移 %2）</translation>
    </message>
    <message>
        <source>the pattern needs a capture group around the version, as in &quot;version ([0-9.]+)&quot;</source>
        <translation>该模式需要用捕获组括住版本号，例如 &quot;version ([0-9.]+)&quot;</translation>
    </message>
    <message>
        <source>a working directory must exist when the plan is loaded</source>
        <translation>加载计划时工作目录就必须存在</translation>
    </message>
    <message>
        <source>must not be empty (&quot;%1&quot; expands to nothing)</source>
        <translation>不能为空（“%1”展开后为空）</translation>
    </message>
    <message>
        <source>working directory &quot;%1&quot; does not exist (resolved to %2)</source>
        <translation>工作目录“%1”不存在（解析为 %2）</translation>
    </message>
    <message>
        <source>an array of configurations</source>
        <translation>由配置组成的数组</translation>
    </message>
    <message>
        <source>at least one configuration is required</source>
        <translation>至少需要一个配置</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>&quot;sql&quot; hook needs a top-level &quot;database&quot;</source>
        <translation>&quot;sql&quot; 钩子需要顶层的 &quot;database&quot;</translation>
    </message>
    <message>
        <source>&quot;cwd&quot; applies to command hooks only</source>
        <translation>&quot;cwd&quot; 仅适用于命令钩子</translation>
    </message>
    <message>
        <source>a hook has either &quot;sql&quot; or &quot;command&quot;, not both</source>
        <translation>钩子只能有 &quot;sql&quot; 或 &quot;command&quot; 之一，不能两者都有</translation>
    </message>
    <message>
        <source>missing required key &quot;sql&quot; or &quot;command&quot;</source>
        <translation>缺少必需的键 &quot;sql&quot; 或 &quot;command&quot;</translation>
    </message>
    <message>
        <source>a route&apos;s hooks</source>
        <translation>路由的钩子</translation>
    </message>
    <message>
        <source>a configuration&apos;s hooks</source>
        <translation>配置的钩子</translation>
    </message>
    <message>
        <source>the plan&apos;s hooks</source>
        <translation>计划的钩子</translation>
    </message>
    <message>
        <source>the plan&apos;s &quot;hooks&quot;</source>
        <translation>计划的 &quot;hooks&quot;</translation>
    </message>
    <message>
        <source>a configuration&apos;s &quot;hooks&quot;</source>
        <translation>配置的 &quot;hooks&quot;</translation>
    </message>
    <message>
        <source>a route&apos;s &quot;hooks&quot;</source>
        <translation>路由的 &quot;hooks&quot;</translation>
    </message>
    <message>
        <source>the plan&apos;s or a configuration&apos;s &quot;hooks&quot;</source>
        <translation>计划或配置的 &quot;hooks&quot;</translation>
    </message>
    <message>
        <source>the plan&apos;s or a route&apos;s &quot;hooks&quot;</source>
        <translation>计划或路由的 &quot;hooks&quot;</translation>
    </message>
    <message>
        <source>a configuration&apos;s or a route&apos;s &quot;hooks&quot;</source>
        <translation>配置或路由的 &quot;hooks&quot;</translation>
    </message>
    <message>
        <source>the plan&apos;s, a configuration&apos;s or a route&apos;s &quot;hooks&quot;</source>
        <translation>计划、配置或路由的 &quot;hooks&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a moment of %2; give it in %3</source>
        <translation>“%1”不是%2的时机；请在%3中给出</translation>
    </message>
    <message>
        <source>an array of hooks</source>
        <translation>由钩子组成的数组</translation>
    </message>
    <message>
        <source>expected end of input after the JSON value, found %1</source>
        <translation>JSON 值之后应为输入结尾，实际为 %1</translation>
    </message>
    <message>
        <source>end of input</source>
        <translation>输入结尾</translation>
    </message>
    <message>
        <source>a non-ASCII character</source>
        <translation>非 ASCII 字符</translation>
    </message>
    <message>
        <source>expected a JSON value, found end of input</source>
        <translation>应为 JSON 值，实际为输入结尾</translation>
    </message>
    <message>
        <source>strings must be in double quotes</source>
        <translation>字符串必须使用双引号</translation>
    </message>
    <message>
        <source>comments are not allowed in JSON</source>
        <translation>JSON 中不允许注释</translation>
    </message>
    <message>
        <source>expected a JSON value, found %1</source>
        <translation>应为 JSON 值，实际为 %1</translation>
    </message>
    <message>
        <source>invalid literal &quot;%1&quot;; expected true, false, null, a number, a string, an array or an object</source>
        <translation>字面量“%1”无效；应为 true、false、null、数字、字符串、数组或对象</translation>
    </message>
    <message>
        <source>expected a digit after &apos;-&apos;, found %1</source>
        <translation>&apos;-&apos; 之后应为数字，实际为 %1</translation>
    </message>
    <message>
        <source>numbers must not have leading zeros</source>
        <translation>数字不能有前导零</translation>
    </message>
    <message>
        <source>expected a digit after &apos;.&apos;, found %1</source>
        <translation>&apos;.&apos; 之后应为数字，实际为 %1</translation>
    </message>
    <message>
        <source>expected a digit in the exponent, found %1</source>
        <translation>指数中应为数字，实际为 %1</translation>
    </message>
    <message>
        <source>unexpected %1 after a number</source>
        <translation>数字之后出现意外的 %1</translation>
    </message>
    <message>
        <source>number %1 is out of range</source>
        <translation>数字 %1 超出范围</translation>
    </message>
    <message>
        <source>nesting deeper than %1 levels</source>
        <translation>嵌套深度超过 %1 层</translation>
    </message>
    <message>
        <source>trailing comma before &apos;}&apos;</source>
        <translation>&apos;}&apos; 之前有多余的逗号</translation>
    </message>
    <message>
        <source>keys must be in double quotes</source>
        <translation>键必须使用双引号</translation>
    </message>
    <message>
        <source>expected a key in double quotes, found %1</source>
        <translation>应为双引号括起的键，实际为 %1</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;}&apos;, found %1</source>
        <translation>应为 &apos;,&apos; 或 &apos;}&apos;，实际为 %1</translation>
    </message>
    <message>
        <source>expected &apos;:&apos; after key &quot;%1&quot;, found %2</source>
        <translation>键“%1”之后应为 &apos;:&apos;，实际为 %2</translation>
    </message>
    <message>
        <source>duplicate key &quot;%1&quot; (first at line %2, column %3)</source>
        <translation>重复的键“%1”（首次出现在第 %2 行第 %3 列）</translation>
    </message>
    <message>
        <source>trailing comma before &apos;]&apos;</source>
        <translation>&apos;]&apos; 之前有多余的逗号</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;]&apos;, found %1</source>
        <translation>应为 &apos;,&apos; 或 &apos;]&apos;，实际为 %1</translation>
    </message>
    <message>
        <source>unterminated string</source>
        <translation>字符串未结束</translation>
    </message>
    <message>
        <source>line break inside a string (unterminated string, or write it as \n)</source>
        <translation>字符串中有换行（字符串未结束，或请写成 \n）</translation>
    </message>
    <message>
        <source>control character U+%1 inside a string; escape it</source>
        <translation>字符串中有控制字符 U+%1；请将其转义</translation>
    </message>
    <message>
        <source>invalid escape &apos;\%1&apos; in string; allowed: \&quot; \\ \/ \b \f \n \r \t \uXXXX</source>
        <translation>字符串中的转义 &apos;\%1&apos; 无效；允许：\&quot; \\ \/ \b \f \n \r \t \uXXXX</translation>
    </message>
    <message>
        <source>invalid escape in string</source>
        <translation>字符串中的转义无效</translation>
    </message>
    <message>
        <source>invalid \u escape: expected 4 hex digits</source>
        <translation>\u 转义无效：应为 4 位十六进制数字</translation>
    </message>
    <message>
        <source>unpaired surrogate \u%1 in string</source>
        <translation>字符串中有未配对的代理项 \u%1</translation>
    </message>
    <message>
        <source>invalid UTF-8 in string</source>
        <translation>字符串中有无效的 UTF-8</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>&quot;${port}&quot; needs &quot;port&quot; in this configuration</source>
        <translation>&quot;${port}&quot; 需要此配置中的 &quot;port&quot;</translation>
    </message>
    <message>
        <source>unterminated placeholder &quot;%1&quot;; write &quot;$${&quot; for a literal &quot;${&quot;</source>
        <translation>占位符“%1”未结束；字面的 &quot;${&quot; 请写成 &quot;$${&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not available here: %2</source>
        <translation>“%1”在此处不可用：%2</translation>
    </message>
    <message>
        <source>unknown variable &quot;%1&quot;: the plan has no &quot;variables&quot;</source>
        <translation>未知变量“%1”：计划没有 &quot;variables&quot;</translation>
    </message>
    <message>
        <source>unknown variable &quot;%1&quot;; the plan&apos;s variables are: %2</source>
        <translation>未知变量“%1”；计划中的变量有：%2</translation>
    </message>
    <message>
        <source>unknown variable &quot;%1&quot;; did you mean &quot;${var:%2}&quot;?</source>
        <translation>未知变量“%1”；您是否指的是 &quot;${var:%2}&quot;？</translation>
    </message>
    <message>
        <source>invalid environment variable name in &quot;%1&quot;</source>
        <translation>“%1”中的环境变量名无效</translation>
    </message>
    <message>
        <source>environment variable &quot;%1&quot; is not set (referenced as &quot;%2&quot;)</source>
        <translation>环境变量“%1”未设置（引用为“%2”）</translation>
    </message>
    <message>
        <source>&quot;${port}&quot; is only available inside a configuration</source>
        <translation>&quot;${port}&quot; 只能在配置内部使用</translation>
    </message>
    <message>
        <source>unknown placeholder &quot;%1&quot;; known here: %2 (write &quot;$${&quot; for a literal &quot;${&quot;)</source>
        <translation>未知占位符“%1”；此处可用：%2（字面的 &quot;${&quot; 请写成 &quot;$${&quot;）</translation>
    </message>
    <message>
        <source>unknown placeholder &quot;%1&quot;; did you mean &quot;${%2}&quot;?</source>
        <translation>未知占位符“%1”；您是否指的是 &quot;${%2}&quot;？</translation>
    </message>
    <message>
        <source>an array of strings (argv)</source>
        <translation>由字符串组成的数组（argv）</translation>
    </message>
    <message>
        <source>must not be empty: give the program and its arguments</source>
        <translation>不能为空：请给出程序及其参数</translation>
    </message>
    <message>
        <source>the program must not be empty</source>
        <translation>程序不能为空</translation>
    </message>
    <message>
        <source>the program must not be empty (&quot;%1&quot; expands to nothing)</source>
        <translation>程序不能为空（“%1”展开后为空）</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 %2 answered status %3, expected %4</source>
        <translation>%1 %2 返回状态 %3，应为 %4</translation>
    </message>
    <message>
        <source>%1 %2 answered Content-Type &quot;%3&quot;, expected &quot;%4&quot;</source>
        <translation>%1 %2 返回的 Content-Type 为“%3”，应为“%4”</translation>
    </message>
    <message>
        <source>%1 %2 answered a body that is not JSON (%3 at byte %4)</source>
        <translation>%1 %2 返回的正文不是 JSON（%3，位于第 %4 字节）</translation>
    </message>
    <message>
        <source>%1 %2: field &quot;%3&quot; is present, expected it absent</source>
        <translation>%1 %2：字段“%3”存在，预期应不存在</translation>
    </message>
    <message>
        <source>%1 %2: field &quot;%3&quot; is missing</source>
        <translation>%1 %2：缺少字段“%3”</translation>
    </message>
    <message>
        <source>%1 %2: field &quot;%3&quot; is %4, expected %5</source>
        <translation>%1 %2：字段“%3”为 %4，应为 %5</translation>
    </message>
    <message>
        <source>a number (%1)</source>
        <translation>数字（%1）</translation>
    </message>
    <message>
        <source>a string (&quot;%1&quot;)</source>
        <translation>字符串（“%1”）</translation>
    </message>
    <message>
        <source>a boolean (%1)</source>
        <translation>布尔值（%1）</translation>
    </message>
    <message>
        <source>1 day</source>
        <translation>1 天</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>must not be negative</source>
        <translation>不能为负数</translation>
    </message>
    <message>
        <source>must be above 0</source>
        <translation>必须大于 0</translation>
    </message>
    <message>
        <source>must be at most %1 requests per second</source>
        <translation>最多为每秒 %1 个请求</translation>
    </message>
    <message>
        <source>must be at most %1</source>
        <translation>最多为 %1</translation>
    </message>
    <message>
        <source>must be at least %1 requests per second</source>
        <translation>至少为每秒 %1 个请求</translation>
    </message>
    <message>
        <source>must be at least %1</source>
        <translation>至少为 %1</translation>
    </message>
    <message>
        <source>a duration like 500ms, 5s, 2m or 1h</source>
        <translation>类似 500ms、5s、2m 或 1h 的时长</translation>
    </message>
    <message>
        <source>a duration like 5s or a request count like 1000req</source>
        <translation>类似 5s 的时长或类似 1000req 的请求数</translation>
    </message>
    <message>
        <source>a rate in requests per second</source>
        <translation>以每秒请求数表示的速率</translation>
    </message>
    <message>
        <source>a rate in requests per second like 2000</source>
        <translation>以每秒请求数表示的速率，例如 2000</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a whole number of requests like 1000req</source>
        <translation>整数个请求，例如 1000req</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>列表为空</translation>
    </message>
    <message>
        <source>an empty entry</source>
        <translation>有空条目</translation>
    </message>
    <message>
        <source>CPU numbers go up to 1023</source>
        <translation>CPU 编号最大为 1023</translation>
    </message>
    <message>
        <source>%1 is not a CPU or a range</source>
        <translation>%1 不是 CPU 编号或范围</translation>
    </message>
    <message>
        <source>the range %1 is written backwards</source>
        <translation>范围 %1 写反了</translation>
    </message>
    <message>
        <source>%1 is not a CPU list like 0-3,6: %2</source>
        <translation>%1 不是类似 0-3,6 的 CPU 列表：%2</translation>
    </message>
    <message>
        <source>a request count %1, not %2</source>
        <translation>请求数%1，而不是 %2</translation>
    </message>
    <message>
        <source>%1 is not %2</source>
        <translation>%1 不是%2</translation>
    </message>
    <message>
        <source>%1, not %2</source>
        <translation>%1，而不是 %2</translation>
    </message>
    <message>
        <source>expected %1, found %2</source>
        <translation>应为%1，实际为%2</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; at %2; allowed keys: %3</source>
        <translation>%2 中的键“%1”未知；允许的键：%3</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; at %2; did you mean &quot;%3&quot;?</source>
        <translation>%2 中的键“%1”未知；您是否指的是“%3”？</translation>
    </message>
    <message>
        <source>missing required key &quot;%1&quot;</source>
        <translation>缺少必需的键“%1”</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <source>a name may have at most %1 characters; this one has %2</source>
        <translation>名称最多只能有 %1 个字符；此名称有 %2 个</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>expected an integer, found %1</source>
        <translation>应为整数，实际为 %1</translation>
    </message>
    <message>
        <source>must be at least %1, found %2</source>
        <translation>至少为 %1，实际为 %2</translation>
    </message>
    <message>
        <source>must be between %1 and %2, found %3</source>
        <translation>必须在 %1 到 %2 之间，实际为 %3</translation>
    </message>
    <message>
        <source>must be greater than 0, found %1</source>
        <translation>必须大于 0，实际为 %1</translation>
    </message>
    <message>
        <source>must not be negative, found %1</source>
        <translation>不能为负数，实际为 %1</translation>
    </message>
    <message>
        <source>must be at most %1, found %2</source>
        <translation>最多为 %1，实际为 %2</translation>
    </message>
    <message>
        <source>a number of seconds</source>
        <translation>秒数</translation>
    </message>
    <message>
        <source>a number of requests per second</source>
        <translation>每秒请求数</translation>
    </message>
    <message>
        <source>one of %1</source>
        <translation>%1 之一</translation>
    </message>
    <message>
        <source>invalid value &quot;%1&quot;; allowed: %2</source>
        <translation>值“%1”无效；允许：%2</translation>
    </message>
    <message>
        <source>a CPU list (&quot;0-3,6&quot;)</source>
        <translation>CPU 列表（&quot;0-3,6&quot;）</translation>
    </message>
    <message>
        <source>an array of strings</source>
        <translation>由字符串组成的数组</translation>
    </message>
    <message>
        <source>path &quot;%1&quot; must start with &apos;/&apos;</source>
        <translation>路径“%1”必须以 &apos;/&apos; 开头</translation>
    </message>
    <message>
        <source>path &quot;%1&quot; must not contain spaces or control characters; percent-encode them</source>
        <translation>路径“%1”不得包含空格或控制字符；请对其进行百分号编码</translation>
    </message>
    <message>
        <source>duplicate %1 name &quot;%2&quot; (first at line %3, column %4)</source>
        <translation>%1名称“%2”重复（首次出现在第 %3 行第 %4 列）</translation>
    </message>
    <message>
        <source> (and %1 more problems)</source>
        <translation>（另有 %1 个问题）</translation>
    </message>
    <message>
        <source>unsupported format %1; this version of Stackbench reads format 1</source>
        <translation>不支持格式 %1；此版本的 Stackbench 只读取格式 1</translation>
    </message>
    <message>
        <source>cannot read the plan file: %1</source>
        <translation>无法读取计划文件：%1</translation>
    </message>
    <message>
        <source>this secret is shorter than %1 characters: it is kept out of the stored plan, %2</source>
        <translation>此机密短于 %1 个字符：它不会写入存储的计划，%2</translation>
    </message>
    <message>
        <source>but not searched for in logs and output, where it would match too much</source>
        <translation>但不会在日志和输出中查找它，因为那样会匹配过多内容</translation>
    </message>
    <message>
        <source>and wherever ordinary text in logs and output holds it, that text reads &lt;secret&gt; too</source>
        <translation>日志和输出中凡是包含它的普通文本，也会显示为 &lt;secret&gt;</translation>
    </message>
    <message>
        <source>invalid header name &quot;%1&quot;</source>
        <translation>请求头名称“%1”无效</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is set by Stackbench from the body; remove it</source>
        <translation>“%1”由 Stackbench 根据正文设置；请删除它</translation>
    </message>
    <message>
        <source>a header value must not contain line breaks</source>
        <translation>请求头的值不得包含换行</translation>
    </message>
    <message>
        <source>a header value must not contain control characters</source>
        <translation>请求头的值不得包含控制字符</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an HTTP method Stackbench sends; use one of %2</source>
        <translation>“%1”不是 Stackbench 会发送的 HTTP 方法；请使用 %2 之一</translation>
    </message>
    <message>
        <source>invalid header name &quot;%1&quot;: placeholders are not expanded in header names</source>
        <translation>请求头名称“%1”无效：请求头名称中的占位符不会展开</translation>
    </message>
    <message>
        <source>&quot;@&quot; must be followed by a file name</source>
        <translation>&quot;@&quot; 之后必须跟文件名</translation>
    </message>
    <message>
        <source>body file &quot;%1&quot; not found (resolved to %2)</source>
        <translation>找不到正文文件“%1”（解析为 %2）</translation>
    </message>
    <message>
        <source>cannot read body file %1: %2</source>
        <translation>无法读取正文文件 %1：%2</translation>
    </message>
    <message>
        <source>a string, &quot;@file&quot;, an object or an array</source>
        <translation>字符串、&quot;@file&quot;、对象或数组</translation>
    </message>
    <message>
        <source>field &quot;%1&quot; has an empty segment; write a dotted path like &quot;items.0.id&quot;</source>
        <translation>字段“%1”中有空段；请写成类似 &quot;items.0.id&quot; 的点分路径</translation>
    </message>
    <message>
        <source>missing required key &quot;present&quot; or &quot;equals&quot;</source>
        <translation>缺少必需的键 &quot;present&quot; 或 &quot;equals&quot;</translation>
    </message>
    <message>
        <source>&quot;present&quot;: false contradicts &quot;equals&quot;; give one of them</source>
        <translation>&quot;present&quot;: false 与 &quot;equals&quot; 矛盾；请只给出其中之一</translation>
    </message>
    <message>
        <source>an array of field checks</source>
        <translation>由字段检查组成的数组</translation>
    </message>
    <message>
        <source>secret_headers names &quot;%1&quot;, which no route or parity check sends</source>
        <translation>secret_headers 指定了“%1”，但没有任何路由或一致性检查发送它</translation>
    </message>
    <message>
        <source>an array of routes</source>
        <translation>由路由组成的数组</translation>
    </message>
    <message>
        <source>at least one route is required</source>
        <translation>至少需要一个路由</translation>
    </message>
    <message>
        <source>route</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>an array of parity checks</source>
        <translation>由一致性检查组成的数组</translation>
    </message>
    <message>
        <source>parity check</source>
        <translation>一致性检查</translation>
    </message>
    <message>
        <source>the database settings are needed before a run starts; use ${env:NAME}</source>
        <translation>运行开始之前就需要数据库设置；请使用 ${env:NAME}</translation>
    </message>
    <message>
        <source>a duration (&quot;5s&quot;) or a request count (&quot;1000req&quot;)</source>
        <translation>时长（&quot;5s&quot;）或请求数（&quot;1000req&quot;）</translation>
    </message>
    <message>
        <source>invalid warm-up &quot;%1&quot;; use a duration (&quot;500ms&quot;, &quot;5s&quot;, &quot;2m&quot;) or a request count (&quot;1000req&quot;)</source>
        <translation>预热“%1”无效；请使用时长（&quot;500ms&quot;、&quot;5s&quot;、&quot;2m&quot;）或请求数（&quot;1000req&quot;）</translation>
    </message>
    <message>
        <source>an array of integers</source>
        <translation>由整数组成的数组</translation>
    </message>
    <message>
        <source>at least one concurrency is required</source>
        <translation>至少需要一个并发数</translation>
    </message>
    <message>
        <source>duplicate concurrency %1</source>
        <translation>重复的并发数 %1</translation>
    </message>
    <message>
        <source>an A/A profile starts its arms&apos; processes fresh: use &quot;round&quot; or &quot;window&quot;, not &quot;once&quot;</source>
        <translation>A/A 方案会重新启动其两组的进程：请使用 &quot;round&quot; 或 &quot;window&quot;，而不是 &quot;once&quot;</translation>
    </message>
    <message>
        <source>&quot;configuration&quot; belongs to an A/A profile (&quot;kind&quot;: &quot;aa&quot;)</source>
        <translation>&quot;configuration&quot; 属于 A/A 方案（&quot;kind&quot;: &quot;aa&quot;）</translation>
    </message>
    <message>
        <source>no configuration &quot;%1&quot; in the plan</source>
        <translation>计划中没有配置“%1”</translation>
    </message>
    <message>
        <source>&quot;warmup_concurrency&quot; applies to a warm-up per route: add &quot;warmup_scope&quot;: &quot;route&quot;</source>
        <translation>&quot;warmup_concurrency&quot; 仅适用于按路由预热：请添加 &quot;warmup_scope&quot;: &quot;route&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; expands to &quot;%2&quot;, not a port 1..65535</source>
        <translation>“%1”展开为“%2”，不是 1..65535 之间的端口</translation>
    </message>
    <message>
        <source>a share like &quot;25%machine&quot; (of the machine) or &quot;150%&quot; (of one core)</source>
        <translation>类似 &quot;25%machine&quot;（整机占比）或 &quot;150%&quot;（单核占比）的比例</translation>
    </message>
    <message>
        <source>invalid CPU gate &quot;%1&quot;; expected %2</source>
        <translation>CPU 门限“%1”无效；应为%2</translation>
    </message>
    <message>
        <source>a share of the machine must be above 0 and at most 100%machine, not &quot;%1&quot;</source>
        <translation>整机占比必须大于 0 且最多为 100%machine，而不是“%1”</translation>
    </message>
    <message>
        <source>must be above 0 and at most 1000000%, not &quot;%1&quot;</source>
        <translation>必须大于 0 且最多为 1000000%，而不是“%1”</translation>
    </message>
    <message>
        <source>%1 of one core can never be reached on this %2-core machine (at most %3%); give a share of the machine, e.g. &quot;25%machine&quot;</source>
        <translation>在这台 %2 核机器上永远达不到单核的 %1（最多 %3%）；请给出整机占比，例如 &quot;25%machine&quot;</translation>
    </message>
    <message>
        <source>give &quot;foreign_gate&quot; or &quot;foreign_gate_pct&quot;, not both</source>
        <translation>请给出 &quot;foreign_gate&quot; 或 &quot;foreign_gate_pct&quot;，不能两者都给</translation>
    </message>
    <message>
        <source>mode &quot;open&quot; needs &quot;rate&quot; &gt; 0 (requests per second)</source>
        <translation>&quot;open&quot; 模式需要 &quot;rate&quot; &gt; 0（每秒请求数）</translation>
    </message>
    <message>
        <source>&quot;rate&quot; applies only to mode &quot;open&quot;; closed mode sends as fast as answers come</source>
        <translation>&quot;rate&quot; 仅适用于 &quot;open&quot; 模式；封闭模式会在收到响应后立即发送</translation>
    </message>
    <message>
        <source>an object of profiles</source>
        <translation>由方案组成的对象</translation>
    </message>
    <message>
        <source>at least one profile is required (e.g. &quot;quick&quot;)</source>
        <translation>至少需要一个方案（例如 &quot;quick&quot;）</translation>
    </message>
    <message>
        <source>invalid profile name &quot;%1&quot;; use letters, digits, &apos;_&apos;, &apos;.&apos; and &apos;-&apos;</source>
        <translation>方案名称“%1”无效；请使用字母、数字、&apos;_&apos;、&apos;.&apos; 和 &apos;-&apos;</translation>
    </message>
    <message>
        <source>no configuration &quot;%1&quot; in the plan; the configurations are: %2</source>
        <translation>计划中没有配置“%1”；现有配置：%2</translation>
    </message>
    <message>
        <source>no configuration &quot;%1&quot; in the plan; did you mean &quot;%2&quot;?</source>
        <translation>计划中没有配置“%1”；您是否指的是“%2”？</translation>
    </message>
    <message>
        <source>no profile &quot;%1&quot; in the plan; the profiles are: %2</source>
        <translation>计划中没有方案“%1”；现有方案：%2</translation>
    </message>
    <message>
        <source>no profile &quot;%1&quot; in the plan; did you mean &quot;%2&quot;?</source>
        <translation>计划中没有方案“%1”；您是否指的是“%2”？</translation>
    </message>
    <message>
        <source>configuration &quot;%1&quot; shares %2 %3 with the load engine (%4 is &quot;%5&quot;): the server and the load generator compete for it</source>
        <translation>配置“%1”与负载引擎共用 %2 %3（%4 为“%5”）：服务器与负载生成器会争用它</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>%1: the path is not a request target once %2 is filled (spaces or control characters)</source>
        <translation>%1：填入 %2 后，路径不再是有效的请求目标（含空格或控制字符）</translation>
    </message>
    <message>
        <source>%1: header &quot;%2&quot; holds a line break once %3 is filled</source>
        <translation>%1：填入 %3 后，请求头“%2”中含有换行</translation>
    </message>
    <message>
        <source>variable &quot;%1&quot; has no value</source>
        <translation>变量“%1”没有值</translation>
    </message>
    <message>
        <source>the value of variable &quot;%1&quot; contains a NUL character</source>
        <translation>变量“%1”的值包含 NUL 字符</translation>
    </message>
    <message>
        <source>variable &quot;%1&quot; is empty: its command printed nothing</source>
        <translation>变量“%1”为空：其命令没有输出任何内容</translation>
    </message>
    <message>
        <source>route &quot;%1&quot;</source>
        <translation>路由“%1”</translation>
    </message>
    <message>
        <source>parity check &quot;%1&quot;</source>
        <translation>一致性检查“%1”</translation>
    </message>
    <message>
        <source>unsupported JWT algorithm &quot;%1&quot;; use HS256, HS384 or HS512</source>
        <translation>不支持的 JWT 算法“%1”；请使用 HS256、HS384 或 HS512</translation>
    </message>
    <message>
        <source>the JWT secret is empty</source>
        <translation>JWT 密钥为空</translation>
    </message>
    <message>
        <source>a variable has one of &quot;value&quot;, &quot;command&quot; and &quot;jwt&quot;, not several</source>
        <translation>变量只能有 &quot;value&quot;、&quot;command&quot; 和 &quot;jwt&quot; 之一，不能有多个</translation>
    </message>
    <message>
        <source>missing required key &quot;value&quot;, &quot;command&quot; or &quot;jwt&quot;</source>
        <translation>缺少必需的键 &quot;value&quot;、&quot;command&quot; 或 &quot;jwt&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; applies to a command variable only</source>
        <translation>“%1”仅适用于命令变量</translation>
    </message>
    <message>
        <source>an object of claims</source>
        <translation>由声明（claims）组成的对象</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is set when the token is made (from &quot;expires_in_s&quot;); remove it</source>
        <translation>“%1”会在生成令牌时设置（来自 &quot;expires_in_s&quot;）；请删除它</translation>
    </message>
    <message>
        <source>a variable cannot use another one</source>
        <translation>变量不能引用其他变量</translation>
    </message>
    <message>
        <source>an object of variables</source>
        <translation>由变量组成的对象</translation>
    </message>
    <message>
        <source>invalid variable name &quot;%1&quot;; use letters, digits, &apos;_&apos;, &apos;.&apos; and &apos;-&apos;, starting with a letter or &apos;_&apos;</source>
        <translation>变量名“%1”无效；请使用字母、数字、&apos;_&apos;、&apos;.&apos; 和 &apos;-&apos;，并以字母或 &apos;_&apos; 开头</translation>
    </message>
    <message>
        <source>no plan loaded</source>
        <translation>未加载计划</translation>
    </message>
    <message>
        <source>%1 (once its placeholders are resolved)</source>
        <translation>%1（占位符解析之后）</translation>
    </message>
    <message>
        <source>secret_headers names &quot;%1&quot;, which is not a key of &quot;headers&quot;</source>
        <translation>secret_headers 指定了“%1”，但它不是 &quot;headers&quot; 中的键</translation>
    </message>
    <message>
        <source>secret_headers names &quot;%1&quot;, which is not a key of &quot;headers&quot;; did you mean &quot;%2&quot;?</source>
        <translation>secret_headers 指定了“%1”，但它不是 &quot;headers&quot; 中的键；您是否指的是“%2”？</translation>
    </message>
    <message>
        <source>path &quot;%1&quot; must start with &apos;/&apos; (once its placeholders are resolved)</source>
        <translation>路径“%1”必须以 &apos;/&apos; 开头（占位符解析之后）</translation>
    </message>
    <message>
        <source>path &quot;%1&quot; must not contain spaces or control characters (once its placeholders are resolved); percent-encode them</source>
        <translation>路径“%1”不得包含空格或控制字符（占位符解析之后）；请对其进行百分号编码</translation>
    </message>
    <message>
        <source>&quot;order&quot;: &quot;pairs&quot; starts a fresh process for every window: add &quot;process&quot;: &quot;window&quot;</source>
        <translation>&quot;order&quot;: &quot;pairs&quot; 会为每个窗口启动新进程：请添加 &quot;process&quot;: &quot;window&quot;</translation>
    </message>
    <message>
        <source>true, false or an object with &quot;routes&quot;, &quot;concurrency&quot;, &quot;call_graph&quot;, &quot;frequency_hz&quot;</source>
        <translation>true、false，或含 &quot;routes&quot;、&quot;concurrency&quot;、&quot;call_graph&quot;、&quot;frequency_hz&quot; 的对象</translation>
    </message>
    <message>
        <source>no route &quot;%1&quot; in the plan</source>
        <translation>计划中没有路由“%1”</translation>
    </message>
    <message>
        <source>an array of route names</source>
        <translation>由路由名组成的数组</translation>
    </message>
    <message>
        <source>the profile measures no concurrency %1</source>
        <translation>该配置文件不测量并发数 %1</translation>
    </message>
    <message>
        <source>invalid base_url: %1; expected http[s]://host[:port]</source>
        <translation>无效的 base_url：%1；应为 http[s]://host[:port]</translation>
    </message>
    <message>
        <source>a CA file must be readable when the plan is loaded</source>
        <translation>加载计划时 CA 文件必须可读</translation>
    </message>
    <message>
        <source>CA file &quot;%1&quot; not found (resolved to %2)</source>
        <translation>未找到 CA 文件 &quot;%1&quot;（解析为 %2）</translation>
    </message>
    <message>
        <source>CA file %1 is not readable</source>
        <translation>CA 文件 %1 不可读</translation>
    </message>
    <message>
        <source> (&quot;h2&quot; over an http:// base_url is h2c, cleartext HTTP/2 with prior knowledge)</source>
        <translation>（在 http:// 的 base_url 上，“h2”即 h2c：以先验知识方式的明文 HTTP/2）</translation>
    </message>
    <message>
        <source> (HTTP/2 is &quot;h2&quot;)</source>
        <translation>（HTTP/2 写作“h2”）</translation>
    </message>
    <message>
        <source> (HTTP/1.1 is &quot;http/1.1&quot;)</source>
        <translation>（HTTP/1.1 写作“http/1.1”）</translation>
    </message>
    <message>
        <source> (HTTP/3 is not supported)</source>
        <translation>（不支持 HTTP/3）</translation>
    </message>
    <message>
        <source>unknown protocol &quot;%1&quot;; accepted: %2%3</source>
        <translation>未知协议“%1”；可接受：%2%3</translation>
    </message>
    <message>
        <source>streams %1 needs &quot;protocol&quot;: &quot;h2&quot; (HTTP/1.1 carries one request at a time per connection)</source>
        <translation>streams %1 需要 &quot;protocol&quot;: &quot;h2&quot;（HTTP/1.1 每个连接一次只承载一个请求）</translation>
    </message>
    <message>
        <source>streams %1 needs &quot;protocol&quot;: &quot;h2&quot;; configuration &quot;%2&quot; speaks http/1.1 (HTTP/1.1 carries one request at a time per connection)</source>
        <translation>streams %1 需要 &quot;protocol&quot;: &quot;h2&quot;；配置“%2”使用 http/1.1（HTTP/1.1 每个连接一次只承载一个请求）</translation>
    </message>
    <message>
        <source>invalid host name &quot;%1&quot;: use letters, digits, &apos;_&apos;, &apos;.&apos; and &apos;-&apos;</source>
        <translation>无效的主机名“%1”：请使用字母、数字、&apos;_&apos;、&apos;.&apos; 和 &apos;-&apos;</translation>
    </message>
    <message>
        <source>&quot;local&quot; is this machine and cannot be defined as a host</source>
        <translation>“local”指本机，不能定义为主机</translation>
    </message>
    <message>
        <source>the ssh destination must not start with &apos;-&apos;</source>
        <translation>ssh 目标不能以 &apos;-&apos; 开头</translation>
    </message>
    <message>
        <source>no host &quot;%1&quot; in the plan: define it in the top-level &quot;hosts&quot; object (&quot;%1&quot;: {&quot;ssh&quot;: &quot;user@address&quot;})</source>
        <translation>计划中没有主机“%1”：请在顶层 &quot;hosts&quot; 对象中定义它（&quot;%1&quot;: {&quot;ssh&quot;: &quot;user@address&quot;}）</translation>
    </message>
    <message>
        <source>no host &quot;%1&quot; in the plan; the hosts are: %2</source>
        <translation>计划中没有主机“%1”；已有主机：%2</translation>
    </message>
    <message>
        <source>no host &quot;%1&quot; in the plan; did you mean &quot;%2&quot;?</source>
        <translation>计划中没有主机“%1”；您是指“%2”吗？</translation>
    </message>
    <message>
        <source>an array of host names</source>
        <translation>主机名数组</translation>
    </message>
    <message>
        <source>&quot;hosts&quot; needs at least one host; leave it out to load from this machine</source>
        <translation>&quot;hosts&quot; 至少需要一个主机；省略它则由本机产生负载</translation>
    </message>
    <message>
        <source>host &quot;%1&quot; is listed twice</source>
        <translation>主机“%1”被列出了两次</translation>
    </message>
</context>
<context>
    <name>sb::run</name>
    <message>
        <source>cannot resolve %1: %2</source>
        <translation>无法解析 %1：%2</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>cannot send the request: %1</source>
        <translation>无法发送请求：%1</translation>
    </message>
    <message>
        <source>cannot read the response: %1</source>
        <translation>无法读取响应：%1</translation>
    </message>
    <message>
        <source>the server closed the connection before the response was complete</source>
        <translation>服务器在响应完成之前关闭了连接</translation>
    </message>
    <message>
        <source>malformed HTTP response (%1: %2)</source>
        <translation>HTTP 响应格式错误（%1：%2）</translation>
    </message>
    <message>
        <source>response header larger than %1 bytes</source>
        <translation>响应头大于 %1 字节</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: %2</source>
        <translation>URL &apos;%1&apos; 无效：%2</translation>
    </message>
    <message>
        <source>timed out after %1 ms</source>
        <translation>%1 毫秒后超时</translation>
    </message>
    <message>
        <source>no HTTP response</source>
        <translation>没有 HTTP 响应</translation>
    </message>
    <message>
        <source>no answer yet</source>
        <translation>尚无应答</translation>
    </message>
    <message>
        <source>the server exited before it was ready (last probe: %1)</source>
        <translation>服务器在就绪之前就已退出（最后一次探测：%1）</translation>
    </message>
    <message>
        <source>status %1, expected %2</source>
        <translation>状态 %1，应为 %2</translation>
    </message>
    <message>
        <source>not ready after %1 ms (last probe: %2)</source>
        <translation>%1 毫秒后仍未就绪（最后一次探测：%2）</translation>
    </message>
    <message>
        <source>not asked</source>
        <translation>未请求</translation>
    </message>
    <message>
        <source>no response: %1</source>
        <translation>没有响应：%1</translation>
    </message>
    <message>
        <source>parity gate: the plan has no parity checks</source>
        <translation>一致性检查：计划中没有一致性检查</translation>
    </message>
    <message numerus="yes">
        <source>parity gate: %n check(s) passed</source>
        <translation>
            <numerusform>一致性检查：%n 项检查通过</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>parity gate: %1 of %n check(s) failed: %2</source>
        <translation>
            <numerusform>一致性检查：%n 项检查中有 %1 项失败：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>profile: %1</source>
        <translation>方案：%1</translation>
    </message>
    <message>
        <source>profile: %1 (%2)</source>
        <translation>方案：%1（%2）</translation>
    </message>
    <message>
        <source>variable %1: %2</source>
        <translation>变量 %1：%2</translation>
    </message>
    <message>
        <source>variable %1: failed: %2</source>
        <translation>变量 %1：失败：%2</translation>
    </message>
    <message>
        <source>variables: %1</source>
        <translation>变量：%1</translation>
    </message>
    <message>
        <source>configurations: not started, so their readiness, parity and before_/after_configuration hooks are not checked</source>
        <translation>配置：未启动，因此不检查其就绪、一致性以及 before_/after_configuration 钩子</translation>
    </message>
    <message>
        <source>database: %1</source>
        <translation>数据库：%1</translation>
    </message>
    <message>
        <source>hook %1</source>
        <translation>钩子 %1</translation>
    </message>
    <message>
        <source>%1 command %2: not found (in PATH or from %3)</source>
        <translation>%1 命令 %2：未找到（PATH 中或相对于 %3 均没有）</translation>
    </message>
    <message>
        <source>%1 command %2: %3 (not run by check)</source>
        <translation>%1 命令 %2：%3（检查时不运行）</translation>
    </message>
    <message>
        <source>%1 version %2: %3</source>
        <translation>%1 版本 %2：%3</translation>
    </message>
    <message>
        <source>base URL: %1</source>
        <translation>基础 URL：%1</translation>
    </message>
    <message>
        <source>%1 already accepts connections before &apos;%2&apos; started; stop whatever listens there</source>
        <translation>在 &apos;%2&apos; 启动之前 %1 已在接受连接；请停止在该处监听的程序</translation>
    </message>
    <message>
        <source>%1 (server %2)</source>
        <translation>%1（服务器%2）</translation>
    </message>
    <message>
        <source>%1; its stderr ends: %2</source>
        <translation>%1；其 stderr 结尾为：%2</translation>
    </message>
    <message>
        <source>%1; its stdout ends: %2</source>
        <translation>%1；其 stdout 结尾为：%2</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; not found</source>
        <translation>找不到程序 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; is not an executable file</source>
        <translation>程序 &apos;%1&apos; 不是可执行文件</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; found in PATH but not executable</source>
        <translation>在 PATH 中找到程序 &apos;%1&apos;，但它不可执行</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; not found (PATH=%2)</source>
        <translation>找不到程序 &apos;%1&apos;（PATH=%2）</translation>
    </message>
    <message>
        <source>cannot change to working directory &apos;%1&apos;: %2</source>
        <translation>无法切换到工作目录 &apos;%1&apos;：%2</translation>
    </message>
    <message>
        <source>cannot set up the standard streams: %1</source>
        <translation>无法设置标准输入输出：%1</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; or its interpreter not found</source>
        <translation>找不到程序 &apos;%1&apos; 或其解释器</translation>
    </message>
    <message>
        <source>cannot execute &apos;%1&apos;: %2</source>
        <translation>无法执行 &apos;%1&apos;：%2</translation>
    </message>
    <message>
        <source>cannot join the tree&apos;s cgroup %1: %2</source>
        <translation>无法加入进程树的 cgroup %1：%2</translation>
    </message>
    <message>
        <source>cannot run on CPUs %1: %2</source>
        <translation>无法在 CPU %1 上运行：%2</translation>
    </message>
    <message>
        <source>the supervisor cannot fork the server: %1</source>
        <translation>监督进程无法派生（fork）服务器：%1</translation>
    </message>
    <message>
        <source>the child failed before exec: %1</source>
        <translation>子进程在 exec 之前失败：%1</translation>
    </message>
    <message>
        <source>cannot open &apos;%1&apos; for the server&apos;s output: %2</source>
        <translation>无法打开 &apos;%1&apos; 用于服务器输出：%2</translation>
    </message>
    <message>
        <source>the supervisor ended before starting the server</source>
        <translation>监督进程在启动服务器之前就已结束</translation>
    </message>
    <message>
        <source>empty command</source>
        <translation>命令为空</translation>
    </message>
    <message>
        <source>already running as PID %1</source>
        <translation>已作为 PID %1 运行</translation>
    </message>
    <message>
        <source>working directory &apos;%1&apos; does not exist</source>
        <translation>工作目录 &apos;%1&apos; 不存在</translation>
    </message>
    <message>
        <source>CPU %1 is outside 0..%2</source>
        <translation>CPU %1 超出 0..%2 的范围</translation>
    </message>
    <message>
        <source>cannot contain the tree in a cgroup: %1</source>
        <translation>无法将进程树限制在 cgroup 中：%1</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>未启动</translation>
    </message>
    <message>
        <source>exited (status unknown: its supervisor was killed)</source>
        <translation>已退出（状态未知：其监督进程已被终止）</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>exited with code %1</source>
        <translation>已退出，退出码 %1</translation>
    </message>
    <message>
        <source>killed by signal %1 (%2)</source>
        <translation>被信号 %1（%2）终止</translation>
    </message>
    <message>
        <source>exited (status %1)</source>
        <translation>已退出（状态 %1）</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2 of %n cores)</source>
        <translation>
            <numerusform>%1（%n 核的 %2）</numerusform>
        </translation>
    </message>
    <message>
        <source>no single process used %1 cores or more (short-lived processes, or the kernel)</source>
        <translation>没有哪个进程单独占用 %1 核或更多（短命进程，或内核）</translation>
    </message>
    <message>
        <source>the plan&apos;s &quot;sampler&quot;: {&quot;%1&quot;: &quot;%2&quot;} sets the gate</source>
        <translation>该门限由计划中的 &quot;sampler&quot;: {&quot;%1&quot;: &quot;%2&quot;} 设置</translation>
    </message>
    <message>
        <source>foreign-cpu %1 of a core (mean) &gt;= the gate %2</source>
        <translation>外部 CPU 为单核的 %1（平均）&gt;= 门限 %2</translation>
    </message>
    <message>
        <source>foreign-cpu peak %1 of a core in interval %2 (%3-%4 s) &gt;= the gate %5</source>
        <translation>外部 CPU 峰值在第 %2 个区间（%3-%4 秒）为单核的 %1 &gt;= 门限 %5</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>server tree died: %1</source>
        <translation>服务器进程树已终止：%1</translation>
    </message>
    <message>
        <source>load aborted: %1</source>
        <translation>负载已中止：%1</translation>
    </message>
    <message>
        <source>sleep gap: %1</source>
        <translation>休眠间隙：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n database checkpoint(s) inside the window</source>
        <translation>
            <numerusform>测量窗口内有 %n 次数据库检查点</numerusform>
        </translation>
    </message>
    <message>
        <source>errors: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>(pid %1) %2 cores</source>
        <translation>（PID %1）%2 核</translation>
    </message>
    <message>
        <source>the plan&apos;s first profile</source>
        <translation>计划中的第一个方案</translation>
    </message>
    <message>
        <source>the plan&apos;s default_profile</source>
        <translation>计划的 default_profile</translation>
    </message>
    <message>
        <source>stackbench-supervisor did not understand its arguments: it is from another version of stackbench (reinstall it)</source>
        <translation>stackbench-supervisor 无法理解其参数：它来自另一个版本的 stackbench（请重新安装）</translation>
    </message>
    <message>
        <source>STACKBENCH_SUPERVISOR names &apos;%1&apos;, which is not an executable file</source>
        <translation>STACKBENCH_SUPERVISOR 指向“%1”，它不是可执行文件</translation>
    </message>
    <message>
        <source>the program stackbench-supervisor, which starts and contains server trees, is missing (looked beside stackbench in ../%1 and in %2): reinstall stackbench, or set STACKBENCH_SUPERVISOR to it</source>
        <translation>负责启动并约束服务器进程树的程序 stackbench-supervisor 缺失（已在 stackbench 旁的 ../%1 和 %2 中查找）：请重新安装 stackbench，或将 STACKBENCH_SUPERVISOR 设为它</translation>
    </message>
    <message>
        <source>cannot start the supervisor &apos;%1&apos;: %2</source>
        <translation>无法启动监督进程“%1”：%2</translation>
    </message>
    <message>
        <source>TLS setup failed: %1</source>
        <translation>TLS 设置失败：%1</translation>
    </message>
    <message>
        <source>cannot load the CA file %1: %2</source>
        <translation>无法加载 CA 文件 %1：%2</translation>
    </message>
    <message>
        <source>certificate verify failed: %1</source>
        <translation>证书验证失败：%1</translation>
    </message>
    <message>
        <source>the server closed the connection</source>
        <translation>服务器关闭了连接</translation>
    </message>
    <message>
        <source>TLS handshake failed: %1</source>
        <translation>TLS 握手失败：%1</translation>
    </message>
    <message>
        <source>TLS connection closed</source>
        <translation>TLS 连接已关闭</translation>
    </message>
    <message>
        <source>TLS error: %1</source>
        <translation>TLS 错误：%1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>cpu profiles: not taken: %1 (the run goes on without them)</source>
        <translation>CPU 剖析：未采集：%1（运行将在没有它们的情况下继续）</translation>
    </message>
    <message>
        <source>cpu profiles: perf %1</source>
        <translation>CPU 剖析：perf %1</translation>
    </message>
    <message>
        <source>cpu profiles: perf %1 (%2)</source>
        <translation>CPU 剖析：perf %1（%2）</translation>
    </message>
    <message>
        <source>server did not agree to h2 by ALPN (it chose %1)</source>
        <translation>服务器未通过 ALPN 同意 h2（它选择了 %1）</translation>
    </message>
    <message>
        <source>no protocol</source>
        <translation>无协议</translation>
    </message>
    <message>
        <source>server did not agree to h2 by ALPN (its alert: no application protocol)</source>
        <translation>服务器未通过 ALPN 同意 h2（其告警：无应用层协议）</translation>
    </message>
    <message>
        <source>HTTP/2 setup failed</source>
        <translation>HTTP/2 初始化失败</translation>
    </message>
    <message>
        <source>HTTP/2 error: %1</source>
        <translation>HTTP/2 错误：%1</translation>
    </message>
    <message>
        <source>h2c prior knowledge refused: %1</source>
        <translation>h2c 先验知识被拒绝：%1</translation>
    </message>
    <message>
        <source>h2c prior knowledge refused: the server closed the connection</source>
        <translation>h2c 先验知识被拒绝：服务器关闭了连接</translation>
    </message>
    <message>
        <source>h2c prior knowledge refused: the server answered &quot;%1&quot; (HTTP/1.x)</source>
        <translation>h2c 先验知识被拒绝：服务器回答“%1”（HTTP/1.x）</translation>
    </message>
    <message>
        <source>the server sent GOAWAY (%1) before answering</source>
        <translation>服务器在回答之前发送了 GOAWAY（%1）</translation>
    </message>
    <message>
        <source>the server reset the stream (%1)</source>
        <translation>服务器重置了流（%1）</translation>
    </message>
    <message>
        <source>%1 protocol: %2</source>
        <translation>%1 协议：%2</translation>
    </message>
    <message>
        <source>the load generator on %1 was saturated: %2 cores of its %3 threads; add a load host or threads there</source>
        <translation>%1 上的负载生成器已饱和：其 %3 个线程占用 %2 个核心；请增加负载主机或在该主机上增加线程</translation>
    </message>
    <message>
        <source>load host %1: stackbench %2 on %3, %4 cores</source>
        <translation>负载主机 %1：stackbench %2，位于 %3，%4 个核心</translation>
    </message>
    <message>
        <source>load host %1: %2</source>
        <translation>负载主机 %1：%2</translation>
    </message>
    <message>
        <source>server host %1: stackbench %2 on %3, %4 cores</source>
        <translation>服务器主机 %1：%3 上的 stackbench %2，%4 个核心</translation>
    </message>
    <message>
        <source>%1 command %2: runs on host %3 (not run by check)</source>
        <translation>%1 命令 %2：运行于主机 %3（check 不执行）</translation>
    </message>
    <message>
        <source>unknown: its host is unreachable (%1)</source>
        <translation>未知：其主机无法访问（%1）</translation>
    </message>
</context>
</TS>
