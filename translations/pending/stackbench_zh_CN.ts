<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>sb</name>
        <message>
            <source>%1: cannot write: %2</source>
            <translation>%1：无法写入：%2</translation>
        </message>
    </context>
    <context>
        <name>sb::CellsModel</name>
        <message>
            <source>2xx/s ratio %1 [%2-%3], Mann-Whitney U p = %4%5</source>
            <translation>2xx/s 比值 %1 [%2-%3]，Mann-Whitney U 检验 p = %4%5</translation>
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
            <source>Mann-Whitney U p = %1 (%2 vs %3 windows)%4</source>
            <translation>Mann-Whitney U 检验 p = %1（%2 对 %3 个测量窗口）%4</translation>
        </message>
        <message>
            <source>Ratio of medians to the baseline with the bootstrap 95 % interval</source>
            <translation>中位数与基线之比，附自助法 95% 区间</translation>
        </message>
        <message>
            <source>The cell's bound and where its configuration's throughput stopped growing with concurrency</source>
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
            <source>2xx/s median [min-max]</source>
            <translation>2xx/s 中位数 [最小-最大]</translation>
        </message>
        <message>
            <source>per CPU-s median [min-max]</source>
            <translation>每 CPU 秒中位数 [最小-最大]</translation>
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
            <source>Ratio per CPU-s [95 % CI]</source>
            <translation>每 CPU 秒之比 [95% 置信区间]</translation>
        </message>
        <message>
            <source>Ratio 2xx/s [95 % CI]</source>
            <translation>2xx/s 之比 [95% 置信区间]</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>结论</translation>
        </message>
        <message>
            <source>Noise floor</source>
            <translation>噪声底</translation>
        </message>
        <message>
            <source>Where the ceiling is</source>
            <translation>瓶颈所在</translation>
        </message>
        <message>
            <source>Not like for like</source>
            <translation>不可直接比较</translation>
        </message>
    </context>
    <context>
        <name>sb::ComparePage</name>
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
            <source>&amp;HTML report of the baseline run…</source>
            <translation>基线运行的 &amp;HTML 报告…</translation>
        </message>
        <message>
            <source>Export</source>
            <translation>导出</translation>
        </message>
        <message>
            <source>“%1” as &amp;%2…</source>
            <translation>将“%1”导出为 &amp;%2…</translation>
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
            <source>Writing the HTML report of run %1…</source>
            <translation>正在写入运行 %1 的 HTML 报告…</translation>
        </message>
        <message>
            <source>HTML report of run %1 written to %2</source>
            <translation>运行 %1 的 HTML 报告已写入 %2</translation>
        </message>
        <message>
            <source>HTML report not written: %1</source>
            <translation>未写入 HTML 报告：%1</translation>
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

This removes its %n stored window(s) from the store, with their intervals, samples and histograms, and the run's events and server logs. It cannot be undone; export the run first to keep a copy.</source>
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
    </context>
    <context>
        <name>sb::HistoryStore</name>
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
        <name>sb::MainWindow</name>
        <message>
            <source>H&amp;istory</source>
            <translation>历史(&amp;I)</translation>
        </message>
        <message>
            <source>Resuming run %1 (%2, profile %3)</source>
            <translation>正在继续运行 %1（%2，方案 %3）</translation>
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
            <source>%1 valid, %2 invalid attempt(s)</source>
            <translation>%1 个有效，%2 次无效尝试</translation>
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
            <source>&lt;p&gt;&lt;b&gt;%1 invalid attempt(s)&lt;/b&gt; beside %2 valid window(s), by gate: %3&lt;/p&gt;</source>
            <translation>&lt;p&gt;&lt;b&gt;%1 次无效尝试&lt;/b&gt;，另有 %2 个有效测量窗口，按门限：%3&lt;/p&gt;</translation>
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
    </context>
    <context>
        <name>sb::RunDialog</name>
        <message>
            <source>Run %1 — %2 (%3)</source>
            <translation>运行 %1 — %2（%3）</translation>
        </message>
        <message>
            <source>Run %1 · %2 (%3) · %4, started %5 · %6 valid window(s), %7 invalid attempt(s) · read-only</source>
            <translation>运行 %1 · %2（%3）· %4，开始于 %5 · %6 个有效测量窗口，%7 次无效尝试 · 只读</translation>
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
            <source>%1 valid window(s) of %2 stored</source>
            <translation>已存储 %2 个测量窗口，其中 %1 个有效</translation>
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
            <source>%1 (median)</source>
            <translation>%1（中位数）</translation>
        </message>
        <message>
            <source>Latency against concurrency: %1</source>
            <translation>延迟随并发变化：%1</translation>
        </message>
        <message>
            <source>%1 p50</source>
            <translation>%1 p50</translation>
        </message>
        <message>
            <source>%1 p99</source>
            <translation>%1 p99</translation>
        </message>
        <message>
            <source>ms (median of windows, log scale)</source>
            <translation>毫秒（各窗口中位数，对数刻度）</translation>
        </message>
        <message>
            <source>ms (median of windows)</source>
            <translation>毫秒（各窗口中位数）</translation>
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
    </context>
</TS>
