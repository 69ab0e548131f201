<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
</TS>
