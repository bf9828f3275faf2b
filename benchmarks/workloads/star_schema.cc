// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "workloads/star_schema.h"

#include "vortex/base/format.h"

namespace vortex::workload {

namespace {

constexpr int kCustomers = 100'000;
constexpr int kProducts = 20'000;
// 2018-01-01 .. 2024-12-31.
constexpr int kDays = 2557;

} // namespace

std::vector<StarTable> StarSchemaTables(uint64_t fact_rows, uint64_t seed) {
    // h(k): a hash of the row and the seed, salted per column.
    const auto h = [seed](int salt) { return vortex::format("hash(i, {}::UBIGINT)", seed * 1000 + salt); };
    std::vector<StarTable> tables;
    tables.push_back(
        {"date_dim",
         vortex::format("SELECT d AS d_datekey, year(d)::INTEGER AS d_year, month(d)::INTEGER AS d_month, "
                        "quarter(d)::INTEGER AS d_quarter, dayname(d) AS d_dayname, "
                        "(month(d) = 12 AND day(d) >= 24) AS d_holiday "
                        "FROM (SELECT (DATE '2018-01-01' + i::INTEGER) AS d FROM range({}) t(i))",
                        kDays)});
    tables.push_back(
        {"customer",
         vortex::format(
             "SELECT i::BIGINT AS c_custkey, 'Customer#' || lpad(i::VARCHAR, 9, '0') AS c_name, "
             "(['AFRICA','AMERICA','ASIA','EUROPE','MIDDLE EAST'])[1 + ({0} % 5)::INTEGER] AS c_region, "
             "'NATION' || lpad(({1} % 25)::VARCHAR, 2, '0') AS c_nation, "
             "(['AUTOMOBILE','BUILDING','FURNITURE','HOUSEHOLD','MACHINERY'])[1 + ({2} % 5)::INTEGER] "
             "AS c_segment FROM range({3}) t(i)",
             h(1), h(2), h(3), kCustomers)});
    tables.push_back(
        {"product",
         vortex::format(
             "SELECT i::INTEGER AS p_partkey, 'MFGR#' || (1 + {0} % 5)::VARCHAR || (1 + {1} % 5)::VARCHAR "
             "AS p_category, 'Brand#' || lpad(({2} % 1000)::VARCHAR, 3, '0') AS p_brand, "
             "(1 + ({3} % 200000) / 100.0)::DECIMAL(10,2) AS p_price FROM range({4}) t(i)",
             h(4), h(5), h(6), h(7), kProducts)});
    // Order dates follow the order key (a feed appended day by day) with a few days of
    // disorder; customers are skewed (squares of a uniform draw); prices are exact cents.
    tables.push_back(
        {"lineorder",
         vortex::format(
             "SELECT i::BIGINT AS lo_orderkey, "
             "(DATE '2018-01-01' + least({6} - 1, greatest(0, (i * {6} // {7})::INTEGER + ({0} % 7)::INTEGER "
             "- 3))) "
             "AS lo_orderdate, "
             "(DATE '2018-01-01' + least({6} - 1, greatest(0, (i * {6} // {7})::INTEGER + ({0} % 7)::INTEGER "
             "- 3)) "
             "+ (1 + {1} % 30)::INTEGER) AS lo_shipdate, "
             "(TIMESTAMP '2018-01-01' + to_seconds((i * {6} * 86400) // {7} + {1} % 3600)) AS lo_ts, "
             "((({2} % 1000) * ({2} % 1000) * {8}) // 1000000)::BIGINT AS lo_custkey, "
             "({3} % {9})::INTEGER AS lo_partkey, "
             "(1 + {4} % 50)::SMALLINT AS lo_quantity, "
             "((100 + {5} % 1000000) / 100.0)::DECIMAL(12,2) AS lo_price, "
             "(({4} // 50) % 11 / 100.0)::DECIMAL(4,2) AS lo_discount, "
             "(({5} // 1000000) % 9 / 100.0)::DECIMAL(4,2) AS lo_tax, "
             "(['AIR','FOB','MAIL','RAIL','REG AIR','SHIP','TRUCK'])[1 + ({1} // 30 % 7)::INTEGER] AS "
             "lo_shipmode, "
             "(['1-URGENT','2-HIGH','3-MEDIUM','4-NOT SPECIFIED','5-LOW'])[1 + ({3} // {9} % 5)::INTEGER] "
             "AS lo_priority "
             "FROM range({7}) t(i)",
             h(10), h(11), h(12), h(13), h(14), h(15), kDays, fact_rows, kCustomers, kProducts)});
    return tables;
}

std::vector<StarQuery> StarSchemaQueries() {
    return {
        {"Q1.1 revenue, year + discount",
         "SELECT sum(lo_price * lo_discount) FROM {lineorder} JOIN {date_dim} ON lo_orderdate = d_datekey "
         "WHERE d_year = 2021 AND lo_discount BETWEEN 0.01 AND 0.03 AND lo_quantity < 25"},
        {"Q1.2 revenue, one month",
         "SELECT sum(lo_price * lo_discount) FROM {lineorder} WHERE lo_orderdate >= DATE '2022-01-01' AND "
         "lo_orderdate < DATE '2022-02-01' AND lo_discount BETWEEN 0.04 AND 0.06 AND lo_quantity BETWEEN 26 "
         "AND "
         "35"},
        {"Q2.1 brand by year", "SELECT d_year, p_brand, sum(lo_price) AS revenue FROM {lineorder} JOIN "
                               "{date_dim} ON lo_orderdate = "
                               "d_datekey JOIN {product} ON lo_partkey = p_partkey WHERE p_category = "
                               "'MFGR#12' GROUP BY d_year, p_brand "
                               "ORDER BY d_year, p_brand"},
        {"Q3.1 nation by year",
         "SELECT c_nation, d_year, sum(lo_price) AS revenue FROM {lineorder} JOIN {customer} ON lo_custkey = "
         "c_custkey JOIN {date_dim} ON lo_orderdate = d_datekey WHERE c_region = 'ASIA' AND d_year BETWEEN "
         "2019 "
         "AND 2023 GROUP BY c_nation, d_year ORDER BY d_year, revenue DESC, c_nation"},
        {"Q4.1 profit by nation",
         "SELECT d_year, c_nation, sum(lo_price - lo_price * lo_tax) AS profit FROM {lineorder} JOIN "
         "{customer} ON "
         "lo_custkey = c_custkey JOIN {date_dim} ON lo_orderdate = d_datekey WHERE c_region = 'AMERICA' AND "
         "lo_shipmode IN ('AIR', 'REG AIR') GROUP BY d_year, c_nation ORDER BY d_year, c_nation"},
        {"monthly revenue, one year",
         "SELECT date_trunc('month', lo_orderdate) AS m, sum(lo_price), count(*) FROM {lineorder} WHERE "
         "lo_orderdate BETWEEN DATE '2023-01-01' AND DATE '2023-12-31' GROUP BY m ORDER BY m"},
        {"late shipments (date vs date)",
         "SELECT lo_shipmode, count(*), sum(lo_shipdate - lo_orderdate) FROM {lineorder} WHERE lo_shipdate > "
         "lo_orderdate + 25 GROUP BY lo_shipmode ORDER BY lo_shipmode"},
        {"timestamp range, one quarter", "SELECT count(*), sum(lo_quantity) FROM {lineorder} WHERE lo_ts >= "
                                         "TIMESTAMP '2023-03-01' AND lo_ts < "
                                         "TIMESTAMP '2023-06-01'"},
        {"hour of timestamp",
         "SELECT count(*) FROM {lineorder} WHERE hour(lo_ts) = 7 AND lo_orderdate >= DATE '2024-01-01'"},
        {"one day", "SELECT count(*), sum(lo_price) FROM {lineorder} WHERE lo_orderdate = DATE '2021-07-04'"},
        {"decimal range", "SELECT count(*), sum(lo_price) FROM {lineorder} WHERE lo_price > 9950.00"},
        {"top customers, recent",
         "SELECT c_name, sum(lo_price) AS spent FROM {lineorder} JOIN {customer} ON lo_custkey = c_custkey "
         "WHERE "
         "lo_orderdate >= DATE '2024-10-01' GROUP BY c_name ORDER BY spent DESC, c_name LIMIT 10"},
        {"holiday revenue by segment",
         "SELECT c_segment, sum(lo_price) FROM {lineorder} JOIN {date_dim} ON lo_orderdate = d_datekey JOIN "
         "{customer} ON lo_custkey = c_custkey WHERE d_holiday GROUP BY c_segment ORDER BY c_segment"},
    };
}

std::string BindStarTables(const std::string &sql, const std::string &prefix) {
    std::string out = sql;
    for (const char *name : {"lineorder", "date_dim", "customer", "product"}) {
        const std::string key = std::string("{") + name + "}";
        for (size_t at = out.find(key); at != std::string::npos; at = out.find(key, at)) {
            out.replace(at, key.size(), prefix + name);
            at += prefix.size();
        }
    }
    return out;
}

} // namespace vortex::workload
